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

function renderHere(platform: Platform, onOpened: () => Promise<void> = () => Promise.resolve()) {
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
        onOpened={onOpened}
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

// A browser that blocks the new tab in the click blocks a later one too: the address itself is
// the way left, one tap away, and the wizard waits for it.
describe('the enrollment page’s tab blocked', () => {
  beforeEach(() => changeLanguage('en'))
  afterEach(async () => {
    cleanup()
    vi.mocked(apiLink).mockReset()
    vi.restoreAllMocks()
    await changeLanguage('en')
  })

  it('keeps the user on the step and offers the one-time link itself, focused', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    vi.mocked(apiLink).mockResolvedValue('https://mdm.example.com/enroll/one-time-7f3a')
    const onOpened = vi.fn(() => Promise.resolve())
    renderHere('android', onOpened)
    await userEvent.click(screen.getByRole('button', { name: /Open enrollment page/ }))
    const link = await screen.findByRole('link', {
      name: 'Your browser did not open the page: open it here',
    })
    expect(link).toHaveAttribute('href', 'https://mdm.example.com/enroll/one-time-7f3a')
    expect(link).toHaveFocus()
    expect(onOpened).not.toHaveBeenCalled()
    for (const [, , features] of open.mock.calls) expect(features).not.toBe('noopener')
    // Opening it is what moves the wizard on.
    await userEvent.click(link)
    expect(onOpened).toHaveBeenCalledOnce()
  })

  it('says so in German', async () => {
    await changeLanguage('de')
    vi.spyOn(window, 'open').mockReturnValue(null)
    vi.mocked(apiLink).mockResolvedValue('https://mdm.example.com/enroll/one-time-7f3a')
    renderHere('android')
    await userEvent.click(screen.getByRole('button', { name: /Registrierungsseite öffnen/ }))
    expect(
      await screen.findByRole('link', {
        name: 'Ihr Browser hat die Seite nicht geöffnet: hier öffnen',
      }),
    ).toHaveFocus()
  })
})

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const OTHER_BROWSERS = {
  Chrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  Firefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
  Edge: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/123.0.2420.56 Mobile/15E148 Safari/604.1',
}

// iPhone and iPad install profiles only from Safari: in another browser the address to open in
// Safari is the way that works, and the profile is the second choice.
describe('the main button on an iPhone', () => {
  afterEach(async () => {
    cleanup()
    vi.unstubAllGlobals()
    await changeLanguage('en')
  })

  const stubBrowser = (userAgent: string) =>
    vi.stubGlobal('navigator', { ...navigator, userAgent, maxTouchPoints: 5 })

  for (const [name, userAgent] of Object.entries(OTHER_BROWSERS)) {
    it(`is copying the address for Safari in ${name}, the profile second`, async () => {
      for (const [language, copy, install] of [
        ['en', 'Copy address', 'Install profile'],
        ['de', 'Adresse kopieren', 'Profil installieren'],
      ] as const) {
        cleanup()
        await changeLanguage(language)
        stubBrowser(userAgent)
        renderHere('ios')
        const main = screen.getByRole('button', { name: copy })
        const profile = screen.getByRole('button', { name: install })
        expect(main).toHaveClass('button--primary')
        expect(profile).toHaveClass('button--secondary')
        expect(
          main.compareDocumentPosition(profile) & Node.DOCUMENT_POSITION_FOLLOWING,
        ).toBeTruthy()
        expect(document.querySelectorAll('.button--primary')).toHaveLength(1)
      }
    })
  }

  it('stays installing the profile in Safari', async () => {
    stubBrowser(SAFARI)
    renderHere('ios')
    expect(screen.getByRole('button', { name: 'Install profile' })).toHaveClass('button--primary')
    expect(screen.queryByRole('button', { name: 'Copy address' })).toBeNull()
    expect(document.querySelectorAll('.button--primary')).toHaveLength(1)
  })
})
