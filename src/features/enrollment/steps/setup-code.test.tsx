import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/api-error'
import { apiFile } from '@/lib/api/client'
import { changeLanguage } from '@/lib/i18n'
import { decodeQrSvg } from '@/test/qr-decode'
import { SetupCode } from './setup-code'

vi.mock('@/lib/api/client', () => ({ apiFile: vi.fn(), apiLink: vi.fn() }))

const EXTRAS = {
  'android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME':
    'com.example.mdm.agent/.AdminReceiver',
  'android.app.extra.PROVISIONING_DEVICE_ADMIN_PACKAGE_DOWNLOAD_LOCATION':
    'https://mdm.example.com/android/agent.apk',
  'android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE': { enrollmentToken: 'Zq8' },
}

function profile(content: unknown) {
  return {
    blob: new Blob([JSON.stringify(content)], { type: 'application/json' }),
    contentType: 'application/json',
    fileName: 'enrollment-android-fully-managed.json',
  }
}

function renderCode() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <SetupCode beforeFetch={() => Promise.resolve()} />
    </QueryClientProvider>,
  )
}

describe('the setup code of a new company phone', () => {
  beforeEach(() => changeLanguage('en'))
  afterEach(() => vi.mocked(apiFile).mockReset())

  it('draws the company profile’s provisioning extras as a QR code that decodes to them', async () => {
    vi.mocked(apiFile).mockResolvedValue(profile({ mode: 'fullyManaged', provisioning: EXTRAS }))
    renderCode()
    await userEvent.click(screen.getByRole('button', { name: 'Show the setup code' }))
    expect(apiFile).toHaveBeenCalledExactlyOnceWith('user/mdmprofile', { mdmtype: 'android' })
    const code = await screen.findByRole('img', { name: 'Setup code for the Android setup wizard' })
    expect(JSON.parse(decodeQrSvg(code) ?? 'null')).toEqual(EXTRAS)

    // The button pressed leaves with each change: its focus goes on to the one that took its place.
    expect(screen.getByRole('button', { name: 'Hide the code' })).toHaveFocus()

    await userEvent.click(screen.getByRole('button', { name: 'Hide the code' }))
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByRole('button', { name: 'Show the setup code' })).toHaveFocus()
  })

  it('a retry that works leaves the focus by the code, not on the document', async () => {
    vi.mocked(apiFile).mockRejectedValueOnce(new ApiError('network'))
    vi.mocked(apiFile).mockResolvedValueOnce(
      profile({ mode: 'fullyManaged', provisioning: EXTRAS }),
    )
    renderCode()
    await userEvent.click(screen.getByRole('button', { name: 'Show the setup code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The service cannot be reached')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('img', { name: 'Setup code for the Android setup wizard' })
    expect(screen.getByRole('button', { name: 'Hide the code' })).toHaveFocus()
  })

  it('says so when the profile holds no setup code', async () => {
    vi.mocked(apiFile).mockResolvedValue(profile({ mode: 'workProfile' }))
    renderCode()
    await userEvent.click(screen.getByRole('button', { name: 'Show the setup code' }))
    expect(await screen.findByText('No setup code for a new phone')).toBeInTheDocument()
    expect(screen.queryByRole('img')).toBeNull()
  })
})
