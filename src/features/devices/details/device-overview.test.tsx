import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { deviceSchema, toMsDate } from '@contract/schemas'
import { deviceHistoryQuery, type Activity } from '@/entities/device/history'
import { setConfig } from '@/lib/config'
import { activityRecord } from '@/test/activity'
import { DeviceOverview } from './device-overview'

const now = Date.UTC(2026, 10, 23, 12)
const MINUTE = 60_000

const locking = deviceSchema.parse({
  clientid: 'i',
  type: 2,
  managed: true,
  displayname: "Anna's iPhone",
  lastcontact: toMsDate(now - 3 * 3600_000),
  actions: { lockscreen: { status: 1, visible: true } },
})

function lockSent(agoMs: number): Activity {
  return activityRecord({
    action: 'lock',
    at: new Date(now - agoMs),
    clientId: 'i',
    deviceName: "Anna's iPhone",
  })
}

/** The overview of a device still locking, with the records' history as given. */
function overview(activity: Activity[]): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(deviceHistoryQuery('i').queryKey, { activity, lostMode: null })
  const { container, unmount } = render(
    <QueryClientProvider client={client}>
      <DeviceOverview device={locking} now={now} />
    </QueryClientProvider>,
  )
  const text = container.textContent ?? ''
  unmount()
  client.clear()
  return text
}

describe('a command still waiting for the device', () => {
  afterEach(() => setConfig({}))

  it('says since when, from the records, and after an hour that the device has not answered', () => {
    setConfig({ records: true })
    const recent = overview([lockSent(20 * MINUTE)])
    expect(recent).toContain('Locking: sent 20 minutes ago')
    expect(recent).not.toContain('has not answered')
    const late = overview([lockSent(120 * MINUTE)])
    expect(late).toContain('Locking: sent 2 hours ago (')
    expect(late).toContain("Anna's iPhone has not answered for over an hour")
    expect(screen.queryByText(/sent/)).toBeNull()
  })

  it('says nothing of when without records', () => {
    setConfig({})
    expect(overview([lockSent(20 * MINUTE)])).not.toContain('sent')
  })
})

// On the device's page the overview follows the location: without a heading of its own, its
// state, last contact, battery and storage would seem to a screen reader to belong to it.
describe('the overview', () => {
  it('is a section under its own heading', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
    client.setQueryData(deviceHistoryQuery('i').queryKey, { activity: [], lostMode: null })
    render(
      <QueryClientProvider client={client}>
        <DeviceOverview device={locking} now={now} />
      </QueryClientProvider>,
    )
    const section = screen.getByRole('region', { name: 'At a glance' })
    expect(section.firstElementChild).toBe(
      screen.getByRole('heading', { level: 2, name: 'At a glance' }),
    )
    expect(section).toHaveTextContent(/Last contact/)
  })
})
