import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/api-error'
import { apiLink } from '@/lib/api/client'
import { changeLanguage } from '@/lib/i18n'
import type { Platform } from '@/features/enrollment/platform'
import { ProfileStep } from './profile-step'

vi.mock('@/lib/api/client', () => ({ apiFile: vi.fn(), apiLink: vi.fn() }))

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
    vi.mocked(apiLink).mockReset()
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

describe('the direct way failing', () => {
  beforeEach(() => changeLanguage('en'))
  afterEach(() => {
    cleanup()
    vi.mocked(apiLink).mockReset()
  })

  it('says the profile could not be opened when the service fails', async () => {
    vi.mocked(apiLink).mockRejectedValue(new ApiError('api', { status: 500 }))
    renderHere('ios')
    await userEvent.click(screen.getByRole('button', { name: 'Install profile' }))
    expect(await screen.findByText('The profile could not be opened.')).toBeVisible()
  })

  // Sign-in is on its way and says why; an alert here would be read out as the page leaves.
  it('says nothing when the ended session refused it', async () => {
    vi.mocked(apiLink).mockRejectedValue(new ApiError('unauthorized', { status: 401 }))
    renderHere('ios')
    const button = screen.getByRole('button', { name: 'Install profile' })
    await userEvent.click(button)
    await vi.waitFor(() => expect(button).toBeEnabled(), { timeout: 2000 })
    await vi.waitFor(() => expect(apiLink).toHaveBeenCalledOnce(), { timeout: 2000 })
    expect(screen.queryByText('The profile could not be opened.')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
