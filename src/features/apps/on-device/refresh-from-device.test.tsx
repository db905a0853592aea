import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { appListAsked } from '@/entities/app/app-list-requests'
import { apiRequest } from '@/lib/api/client'
import { changeLanguage } from '@/lib/i18n'
import { deviceSchema, toMsDate } from '@contract/schemas'
import { RefreshFromDevice } from './refresh-from-device'

vi.mock('@/lib/api/client', () => ({ apiRequest: vi.fn(), apiFile: vi.fn() }))

/** The note two minutes after asking a device last in touch `seenAgoMs` ago for its app list. */
function slowNote(clientId: string, seenAgoMs: number): string {
  const lastContact = Date.now() - seenAgoMs
  const device = deviceSchema.parse({
    clientid: clientId,
    type: 2,
    displayname: "Anna's iPhone",
    lastcontact: toMsDate(lastContact),
  })
  appListAsked(clientId, new Date(lastContact), Date.now() - 2 * 60_000)
  const client = new QueryClient()
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <RefreshFromDevice device={device} />
    </QueryClientProvider>,
  )
  const text = screen.getByRole('status').textContent ?? ''
  unmount()
  client.clear()
  return text
}

describe('an app list the device has not sent yet', () => {
  beforeEach(async () => {
    await changeLanguage('en')
    // The device read again does not come back: the page goes by the device as it had it.
    vi.mocked(apiRequest).mockReturnValue(new Promise(() => {}))
  })
  afterEach(() => vi.mocked(apiRequest).mockReset())

  it('is said by how recently the device was in touch', () => {
    const seenNow = slowNote('recent', 3 * 60_000)
    expect(seenNow).toContain("Anna's iPhone was in touch 3 minutes ago")
    expect(seenNow).not.toContain('the next time it is online')
    expect(slowNote('quiet', 3 * 3600_000)).toContain(
      "Anna's iPhone was last in touch 3 hours ago. It sends its app list once it is online again",
    )
  })
})
