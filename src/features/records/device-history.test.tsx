import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APP_STATUS, type App, type Device } from '@contract/schemas'
import { appListQuery } from '@/entities/app/queries'
import { deviceHistoryQuery } from '@/entities/device/history'
import { setConfig } from '@/lib/config'
import { changeLanguage } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { session } from '@/lib/session'
import { activityRecord } from '@/test/activity'
import { DeviceHistory } from './device-history'

const sentAt = Date.UTC(2026, 10, 23, 12)
const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }

/** Anna's iPhone, its lock under way or not. */
const device = (locking: boolean) =>
  ({
    clientid: 'iphone',
    actions: { lockscreen: { visible: true, status: locking ? 1 : 0 } },
  }) as unknown as Device

/** The records' answers, each counted: the lock as `outcome` says at the time. */
let outcome = 'sent'
let action = 'lock'
function records() {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    Response.json({
      ...envelope,
      data: {
        lostMode: null,
        activity: [
          {
            id: 'lock',
            at: new Date(sentAt).toISOString(),
            action,
            actor: 'user',
            byYou: true,
            account: null,
            accountDeleted: false,
            clientId: 'iphone',
            deviceName: "Anna's iPhone",
            details: action === 'lock' ? {} : { id: 'MU3' },
            outcome,
            doneAfterMs: outcome === 'done' ? 5_000 : null,
            answerCode: null,
            answerLost: false,
          },
        ],
      },
    }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

/** The time passes in steps of a tenth of a second, each answer read as it comes. */
async function wait(ms: number) {
  for (let passed = 0; passed < ms; passed += 100) {
    await act(() => vi.advanceTimersByTimeAsync(100))
  }
}

describe("a device's history while a command waits for the device", () => {
  beforeEach(async () => {
    outcome = 'sent'
    action = 'lock'
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    })
    vi.setSystemTime(sentAt)
    setConfig({ records: true })
    session.start('token-1')
    await changeLanguage('en')
  })
  afterEach(() => {
    cleanup()
    session.expire()
    setConfig({})
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('is read as the device is, ever more rarely, and at once when the device shows it done', async () => {
    const fetch = records()
    const client = new QueryClient()
    const view = (locking: boolean) => (
      <QueryClientProvider client={client}>
        <DeviceHistory device={device(locking)} />
      </QueryClientProvider>
    )
    const { rerender } = render(view(true))
    await wait(100)
    expect(fetch).toHaveBeenCalledTimes(1)
    // A device that takes long to answer: not every 3 s (20 reads a minute), but on the command
    // cadence, after 1, 3, 7, 15, 31 and 61 s, then every 30 s.
    await wait(62_000)
    expect(fetch).toHaveBeenCalledTimes(7)
    await wait(60_000)
    expect(fetch).toHaveBeenCalledTimes(9)
    // The device's read shows the lock ended: the history says so with it, not up to 30 s later.
    outcome = 'done'
    rerender(view(false))
    await wait(100)
    expect(fetch).toHaveBeenCalledTimes(10)
    expect(screen.getByRole('listitem')).toHaveTextContent(/done/)
    // Nothing under way: not read again.
    await wait(60_000)
    expect(fetch).toHaveBeenCalledTimes(10)
  })

  it('is read again when the device’s app list shows an install ended, and says it is done', async () => {
    // Spec (App, status): "1 = installing or uninstalling; … 3 = installed and managed".
    action = 'appInstall'
    outcome = 'accepted'
    const fetch = records()
    const client = new QueryClient()
    const app = (status: number) => ({ id: 'MU3', displayname: 'Employee Handbook', status })
    client.setQueryData(appListQuery('iphone').queryKey, [app(APP_STATUS.pending)] as App[])
    render(
      <QueryClientProvider client={client}>
        <DeviceHistory device={device(false)} />
      </QueryClientProvider>,
    )
    // The line names the app from the user's list (app/list): only the history's reads count.
    const reads = () => fetch.mock.calls.filter(([url]) => url.includes('/records/')).length
    await wait(100)
    expect(reads()).toBe(1)
    expect(screen.getByRole('listitem')).toHaveTextContent('sent to the device')
    // The device page's app list reads the app installed: the history with it.
    outcome = 'done'
    act(() => {
      client.setQueryData(appListQuery('iphone').queryKey, [app(APP_STATUS.installed)] as App[])
    })
    await wait(100)
    expect(reads()).toBe(2)
    expect(screen.getByRole('listitem')).toHaveTextContent('done: seen 5 seconds after sending')
  })

  // The page's notice says what was sent and what the device did ("Sent to Anna's iPhone…",
  // "Anna's iPhone is locked."): were the history a live region too, each would be heard again
  // at length ("Screen locked by you · Nov 23, 2026, 12:00 PM · sent, waiting for the device"),
  // and once more as "done: seen 5 seconds after sending".
  it('is not read out as it changes: the notice says it', async () => {
    records()
    const client = new QueryClient()
    const view = (locking: boolean) => (
      <QueryClientProvider client={client}>
        <DeviceHistory device={device(locking)} />
      </QueryClientProvider>
    )
    const { container, rerender } = render(view(true))
    await wait(100)
    expect(screen.getByRole('listitem')).toHaveTextContent('sent')
    outcome = 'done'
    rerender(view(false))
    await wait(100)
    expect(screen.getByRole('listitem')).toHaveTextContent(/done/)
    expect(
      container.querySelectorAll('[aria-live], [role=status], [role=log], [role=alert]'),
    ).toHaveLength(0)
  })
})

describe("a device's history when the records hold older records than it shows", () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(async () => {
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  /** The history with the records' answer: its newest 20 locks, and `more` as given. */
  function show(more: boolean, helpdesk = false) {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
    const activity = Array.from({ length: 20 }, (_, index) =>
      activityRecord({ action: 'lock', at: new Date(sentAt - index * 60_000), outcome: 'done' }),
    )
    client.setQueryData(deviceHistoryQuery('iphone').queryKey, { activity, lostMode: null, more })
    render(
      <QueryClientProvider client={client}>
        <DeviceHistory device={device(false)} showAccount={helpdesk} />
      </QueryClientProvider>,
    )
  }

  // The server answers with the newest 20 and says whether older ones exist (`more`), as the
  // Activity screen's search does: the list alone would read as all there is.
  it.each([
    [
      'en',
      'The newest 20 records: older ones are left out.',
      'The newest 20 records: older ones are left out. “All activity of this device” below shows them on the Activity screen, where you can narrow the dates.',
    ],
    [
      'de',
      'Die neuesten 20 Einträge: ältere sind ausgelassen.',
      'Die neuesten 20 Einträge: ältere sind ausgelassen. „Alle Aktivitäten dieses Geräts“ unten zeigt sie auf der Seite „Aktivität“, wo Sie die Daten eingrenzen können.',
    ],
  ] as const)(
    'says when it leaves older ones out (%s), and the help desk where it sees them',
    async (language, note, helpdeskNote) => {
      await changeLanguage(language)
      show(true)
      expect(screen.getByText(note)).toBeVisible()
      expect(screen.getAllByRole('listitem')).toHaveLength(20)
      cleanup()
      show(true, true)
      expect(screen.getByText(helpdeskNote)).toBeVisible()
      cleanup()
      show(false, true)
      expect(screen.getAllByRole('listitem')).toHaveLength(20)
      expect(screen.queryByText(helpdeskNote)).not.toBeInTheDocument()
    },
  )
})

describe("the help desk's way from a device's history to all of its activity", () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(async () => {
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  function show(activity: ReturnType<typeof activityRecord>[], activityHref?: string) {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
    client.setQueryData(deviceHistoryQuery('iphone').queryKey, {
      activity,
      lostMode: null,
      more: false,
    })
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DeviceHistory device={device(false)} showAccount activityHref={activityHref} />
        </MemoryRouter>
      </QueryClientProvider>,
    )
  }

  it.each([
    ['en', 'All activity of this device'],
    ['de', 'Alle Aktivitäten dieses Geräts'],
  ] as const)(
    'leads to the Activity screen narrowed to the device, with a history or none yet (%s)',
    async (language, text) => {
      await changeLanguage(language)
      const href = paths.adminActivity({ device: 'iphone' })
      show([activityRecord({ action: 'lock', at: new Date(sentAt), outcome: 'done' })], href)
      expect(screen.getByRole('link', { name: text })).toHaveAttribute(
        'href',
        '/admin/activity?device=iphone',
      )
      cleanup()
      show([], href)
      expect(screen.getByRole('link', { name: text })).toHaveAttribute(
        'href',
        '/admin/activity?device=iphone',
      )
    },
  )

  it('is not offered where no Activity screen is named (the employee’s page)', () => {
    show([activityRecord({ action: 'lock', at: new Date(sentAt), outcome: 'done' })])
    expect(screen.queryByRole('link', { name: 'All activity of this device' })).toBeNull()
  })
})
