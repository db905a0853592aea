import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/api-error'
import { apiFile } from '@/lib/api/client'
import { ERROR_CODES } from '@contract/error-codes'
import { changeLanguage } from '@/lib/i18n'
import { saveFile } from '@/features/enrollment/save-file'
import { ProfileDownload } from './profile-download'

vi.mock('@/lib/api/client', () => ({ apiFile: vi.fn(), apiLink: vi.fn() }))
vi.mock('@/features/enrollment/save-file', () => ({ saveFile: vi.fn() }))

function renderDownload(platform: 'ios' | 'android' = 'ios') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <ProfileDownload
        platform={platform}
        owner="personal"
        email="ben@example.com"
        beforeFetch={() => Promise.resolve()}
      />
    </QueryClientProvider>,
  )
}

describe('downloading the profile', () => {
  beforeEach(() => changeLanguage('en'))
  afterEach(() => {
    vi.mocked(apiFile).mockReset()
    vi.mocked(saveFile).mockReset()
  })

  it('saves the file under the name the service gives, once however often it is clicked', async () => {
    let answer: (value: Awaited<ReturnType<typeof apiFile>>) => void = () => {}
    vi.mocked(apiFile).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    renderDownload('android')
    const button = screen.getByRole('button', { name: 'Download profile' })
    await userEvent.dblClick(button)
    expect(apiFile).toHaveBeenCalledExactlyOnceWith('user/mdmprofile', {
      mdmtype: 'android',
      byod: true,
    })
    const blob = new Blob(['{}'], { type: 'application/json' })
    answer({
      blob,
      contentType: 'application/json',
      fileName: 'enrollment-android-work-profile.json',
    })
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Downloaded: enrollment-android-work-profile.json',
    )
    expect(saveFile).toHaveBeenCalledWith(blob, 'enrollment-android-work-profile.json')
  })

  it('falls back to a sensible name when the service sends none', async () => {
    const blob = new Blob(['<plist/>'])
    vi.mocked(apiFile).mockResolvedValue({
      blob,
      contentType: 'application/x-apple-aspen-config',
      fileName: null,
    })
    renderDownload('ios')
    await userEvent.click(screen.getByRole('button', { name: 'Download profile' }))
    await screen.findByRole('status')
    expect(saveFile).toHaveBeenCalledWith(blob, 'enrollment-iphone-personal.mobileconfig')
  })

  it('explains a refusal for a missing managed Apple ID instead of a bare error', async () => {
    vi.mocked(apiFile).mockRejectedValue(
      new ApiError('api', { status: 200, code: ERROR_CODES.managedAppleIdRequired }),
    )
    renderDownload('ios')
    await userEvent.click(screen.getByRole('button', { name: 'Download profile' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('You need a managed Apple ID first')
    expect(alert).toHaveTextContent('ben@example.com')
    expect(saveFile).not.toHaveBeenCalled()
  })

  it('shows a network failure inline and tries again', async () => {
    vi.mocked(apiFile).mockRejectedValueOnce(new ApiError('network'))
    vi.mocked(apiFile).mockResolvedValueOnce({
      blob: new Blob(['x']),
      contentType: 'application/x-apple-aspen-config',
      fileName: 'enrollment-ios-byod.mobileconfig',
    })
    renderDownload('ios')
    await userEvent.click(screen.getByRole('button', { name: 'Download profile' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The profile could not be downloaded.')
    expect(alert).toHaveTextContent('The service cannot be reached')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('status')).toHaveTextContent('enrollment-ios-byod.mobileconfig')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    // The retry left with the failure: its focus went on to the download, not to the document.
    expect(screen.getByRole('button', { name: 'Download profile' })).toHaveFocus()
  })
})
