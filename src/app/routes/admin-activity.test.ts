import { afterEach, describe, expect, it, vi } from 'vitest'
import { activityPagesQuery } from '@/features/records/api'
import { NO_FILTERS, toActivityFilter } from '@/features/records/activity-address'
import { setConfig } from '@/lib/config'
import { session } from '@/lib/session'
import { queryClient } from '@/app/query-client'
import { loader, shouldRevalidate } from './admin-activity'

/** Every request stays unanswered: the test looks at what the loader asked for. */
function silentService() {
  const fetch = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>(() => {}))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function openActivity(address: string) {
  const request = new Request(`http://portal.test${address}`)
  void loader({ request, params: {}, context: undefined } as never)
}

/** The bodies sent to the records' activity search. */
function searches(fetch: ReturnType<typeof silentService>) {
  return fetch.mock.calls
    .filter(([url]) => url === '/api/portal/records/activity')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>)
}

describe("the Activity screen's route", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    queryClient.clear()
    session.expire()
    setConfig({})
  })

  it('asks for the first page of the records the address filters, before the screen renders', () => {
    setConfig({ records: true })
    session.start('token-1')
    const fetch = silentService()
    openActivity('/admin/activity?device=iphone-1&action=lock&sender=user&from=2026-03-01')
    const filter = toActivityFilter({
      ...NO_FILTERS,
      device: 'iphone-1',
      action: 'lock',
      sender: 'user',
      from: '2026-03-01',
    })
    expect(queryClient.getQueryState(activityPagesQuery(filter).queryKey)?.fetchStatus).toBe(
      'fetching',
    )
    expect(searches(fetch)).toEqual([{ token: 'token-1', ...filter }])
  })

  it('asks for the rest of the filters when part of the address cannot be used', () => {
    setConfig({ records: true })
    session.start('token-1')
    const fetch = silentService()
    openActivity('/admin/activity?action=erase&user=S-anna&to=someday')
    expect(searches(fetch)).toEqual([{ token: 'token-1', sid: 'S-anna' }])
  })

  it('asks for nothing of the records where the portal keeps none', () => {
    setConfig({ records: false })
    session.start('token-1')
    const fetch = silentService()
    openActivity('/admin/activity?action=lock')
    expect(searches(fetch)).toEqual([])
  })

  // The screen's query follows its filters: a change of them on the screen does not run the
  // loader, and its users' and devices' lists, again.
  it('is not run again when only the filters change', () => {
    const at = (address: string) => new URL(`http://portal.test${address}`)
    const decide = (from: string, to: string) =>
      shouldRevalidate!({
        currentUrl: at(from),
        nextUrl: at(to),
        defaultShouldRevalidate: true,
      } as never)
    expect(decide('/admin/activity', '/admin/activity?action=lock')).toBe(false)
    expect(decide('/admin/activity?device=a', '/admin/activity?device=b')).toBe(false)
    expect(decide('/admin/users', '/admin/activity?action=lock')).toBe(true)
  })
})
