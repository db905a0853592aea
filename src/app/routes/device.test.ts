import { afterEach, describe, expect, it, vi } from 'vitest'
import { deviceKeys } from '@/entities/device/queries'
import { setConfig } from '@/lib/config'
import { session } from '@/lib/session'
import { queryClient } from '@/app/query-client'
import { loader } from './device'

const historyKey = [...deviceKeys.all, 'history', 'device-1']

/** Every request stays unanswered: the test looks at what the loader asked for. */
function silentService() {
  const fetch = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>(() => {}))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function loadDevicePage() {
  const request = new Request('http://portal.test/devices/device-1')
  void loader({ request, params: { clientId: 'device-1' }, context: undefined } as never)
}

describe("a device's route", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    queryClient.clear()
    session.expire()
    setConfig({})
  })

  it('asks for the device and its history side by side, before the screen renders', () => {
    setConfig({ records: true })
    session.start('token-1')
    const fetch = silentService()
    loadDevicePage()
    expect(queryClient.getQueryState(historyKey)?.fetchStatus).toBe('fetching')
    const urls = fetch.mock.calls.map(([url]) => url)
    expect(urls).toContain('/api/portal/records/device')
    expect(urls.some((url) => url.endsWith('/device/info'))).toBe(true)
  })

  it('asks for no history where the portal keeps no records', () => {
    setConfig({ records: false })
    session.start('token-1')
    const fetch = silentService()
    loadDevicePage()
    expect(queryClient.getQueryState(historyKey)).toBeUndefined()
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/portal/records/device')
  })
})
