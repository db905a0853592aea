import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEVICE_TYPE, deviceSchema, type Device } from '@contract/schemas'
import { apiFile } from '@/lib/api/client'
import { changeLanguage } from '@/lib/i18n'
import { OWNERS, PLATFORMS, type Owner, type Platform } from '@/features/enrollment/platform'
import type { Where } from '@/features/enrollment/wizard-state'
import { InstallStep } from './install-step'

vi.mock('@/lib/api/client', () => ({ apiFile: vi.fn(), apiLink: vi.fn() }))

const pixel = deviceSchema.parse({
  clientid: 'pixel',
  displayname: "Anna's Pixel 8",
  type: DEVICE_TYPE.android,
})

/** The company phone's profile, with the provisioning its setup code is drawn from. */
const PROFILE = {
  blob: new Blob([
    JSON.stringify({
      provisioning: {
        'android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME':
          'com.example.mdm.agent/.AdminReceiver',
      },
    }),
  ]),
  contentType: 'application/json',
  fileName: 'enrollment-android-fully-managed.json',
}

function step(platform: Platform, owner: Owner, where: Where, arrivals: Device[]) {
  return (
    <InstallStep
      platform={platform}
      owner={owner}
      where={where}
      appleId="anna@appleid.example.com"
      email="anna@example.com"
      wizardAddress={`https://portal.example.com/enroll?platform=${platform}&owner=${owner}`}
      headingRef={createRef()}
      arrivals={arrivals}
      watching
      check={() => new Promise(() => {})}
      beforeFetch={() => Promise.resolve()}
      onBack={() => {}}
      onRestart={() => {}}
    />
  )
}

function renderStep(platform: Platform, owner: Owner, where: Where, arrivals: Device[] = []) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const wrap = (arrived: Device[]) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{step(platform, owner, where, arrived)}</MemoryRouter>
    </QueryClientProvider>
  )
  const { rerender } = render(wrap(arrivals))
  return { arrive: (devices: Device[]) => rerender(wrap(devices)) }
}

afterEach(async () => {
  cleanup()
  vi.mocked(apiFile).mockReset()
  await changeLanguage('en')
})

describe('the install step once the new device has arrived', () => {
  it('takes the setup code away as the phone arrives, says so and leads on to the phone', async () => {
    vi.mocked(apiFile).mockResolvedValue(PROFILE)
    const { arrive } = renderStep('android', 'company', 'other')
    await userEvent.click(screen.getByRole('button', { name: 'Show the setup code' }))
    const hide = await screen.findByRole('button', { name: 'Hide the code' })
    expect(screen.getByRole('img', { name: /Setup code/ })).toBeVisible()
    expect(hide).toHaveFocus()

    arrive([pixel])
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByText(/scan/i)).toBeNull()
    expect(screen.queryByRole('button', { name: /setup code|Hide the code/ })).toBeNull()
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Enrollment complete')
    expect(screen.getByRole('status')).toHaveTextContent(
      "Your new device has arrived: Anna's Pixel 8",
    )
    // The focus was on the code's own button, which left: it goes on to the phone.
    const view = screen.getByRole('link', { name: "Show Anna's Pixel 8" })
    expect(view).toHaveAttribute('href', '/devices/pixel')
    await waitFor(() => expect(view).toHaveFocus())
  })

  // Every path through the wizard: nothing stays that asks for a scan, a download or a step
  // still to do, and the way on is the device's page, another device only a choice beside it.
  it.each(
    PLATFORMS.flatMap((platform) =>
      OWNERS.flatMap((owner) =>
        (['this', 'other'] as const).map((where) => [platform, owner, where]),
      ),
    ) as [Platform, Owner, Where][],
  )('%s, %s, opened on %s device: says it has arrived and leads on', (platform, owner, where) => {
    renderStep(platform, owner, where, [pixel])
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Enrollment complete')
    // Only the step's own heading: no steps, no setup code, no problems, no question.
    expect(screen.getAllByRole('heading')).toHaveLength(1)
    expect(screen.queryByRole('list', { name: 'Steps' })).toBeNull()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByText(/scan|Has your new device arrived/i)).toBeNull()
    expect(screen.queryByRole('button', { name: /Check for|Back to the profile/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /Send the link/ })).toBeNull()
    const view = screen.getByRole('link', { name: "Show Anna's Pixel 8" })
    expect(view).toHaveClass('button--primary')
    expect(screen.getByRole('button', { name: 'Enroll another device' })).not.toHaveClass(
      'button--primary',
    )
    expect(screen.getByRole('link', { name: 'Go to my devices' })).toHaveAttribute(
      'href',
      '/devices',
    )
  })

  it('lists several that arrived, and leads on to the list of devices', () => {
    const galaxy = deviceSchema.parse({ ...pixel, clientid: 'galaxy', displayname: 'Galaxy' })
    renderStep('android', 'company', 'other', [pixel, galaxy])
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Your new devices have arrived:')
    expect(
      within(status)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(["Anna's Pixel 8", 'Galaxy'])
    expect(screen.getByRole('link', { name: 'Go to my devices' })).toHaveClass('button--primary')
  })

  it('says it in German', async () => {
    await changeLanguage('de')
    renderStep('ios', 'company', 'other', [pixel])
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Registrierung abgeschlossen',
    )
    expect(screen.getByRole('status')).toHaveTextContent(
      "Ihr neues Gerät ist angekommen: Anna's Pixel 8",
    )
    expect(screen.queryByText(/scannen|Ist Ihr neues Gerät angekommen/i)).toBeNull()
    expect(screen.getByRole('link', { name: "Anna's Pixel 8 anzeigen" })).toHaveClass(
      'button--primary',
    )
    expect(screen.getByRole('button', { name: 'Weiteres Gerät registrieren' })).toBeVisible()
  })
})
