import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import type { Platform } from '@/features/enrollment/platform'
import { ProfileStep } from './profile-step'

function renderHere(platform: Platform) {
  const client = new QueryClient()
  return render(
    <QueryClientProvider client={client}>
      <ProfileStep
        platform={platform}
        owner="personal"
        where="this"
        email="anna@example.com"
        wizardAddress="https://portal.example.com/enroll?platform=android&owner=personal"
        headingRef={null}
        beforeFetch={() => Promise.resolve()}
        onWhere={() => {}}
        onOpened={() => Promise.resolve()}
        onBack={() => {}}
        onContinue={() => {}}
      />
    </QueryClientProvider>,
  )
}

describe('the profile step on the device itself', () => {
  beforeEach(() => changeLanguage('en'))
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it('offers an Apple device the file as another way to install the profile', () => {
    renderHere('ios')
    expect(screen.getByText('Doesn’t work? Save the profile as a file instead.')).toBeVisible()
  })

  // An Android phone does nothing with the file (the provisioning extras): the work profile is
  // set up from the enrollment page, and the file is there for the IT help desk.
  it('does not offer an Android phone the file as a way to enroll', async () => {
    renderHere('android')
    expect(screen.queryByText(/Save the profile as a file instead/)).toBeNull()
    expect(
      screen.getByText(
        'Only if your IT help desk asks you for the file: save the profile here. It does not enroll the phone.',
      ),
    ).toBeVisible()
    cleanup()
    await changeLanguage('de')
    renderHere('android')
    expect(screen.queryByText(/stattdessen als Datei/)).toBeNull()
    expect(
      screen.getByText(
        'Nur wenn Ihr IT‑Helpdesk Sie um die Datei bittet: Speichern Sie das Profil hier. Das Smartphone wird damit nicht registriert.',
      ),
    ).toBeVisible()
  })
})
