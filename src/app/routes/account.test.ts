import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordKeys } from '@/features/records/api'
import { setConfig } from '@/lib/config'
import { session } from '@/lib/session'
import { queryClient } from '@/app/query-client'
import { loader } from './account'

const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }

function recordsService() {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    Response.json({
      ...envelope,
      data: {
        sessions: [],
        signIns: [],
        newDeviceSignIns: [],
        endedSessions: [],
        endedSessionsCount: 0,
      },
    }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('the account route', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    queryClient.clear()
    session.expire()
    setConfig({})
  })

  it('asks for the records from its loader, before the screen renders', async () => {
    setConfig({ records: true })
    session.start('token-1')
    const fetch = recordsService()
    loader()
    expect(queryClient.getQueryState(recordKeys.account())?.fetchStatus).toBe('fetching')
    await vi.waitFor(
      () =>
        expect(queryClient.getQueryData(recordKeys.account())).toEqual({
          sessions: [],
          signIns: [],
          newDeviceSignIns: [],
          endedSessions: [],
          endedSessionsCount: 0,
        }),
      { timeout: 20_000 },
    )
    expect(fetch).toHaveBeenCalledOnce()
    expect(fetch).toHaveBeenCalledWith('/api/portal/records/account', expect.anything())
  })

  it('asks for nothing where the portal keeps no records', () => {
    setConfig({ records: false })
    session.start('token-1')
    const fetch = recordsService()
    loader()
    expect(queryClient.getQueryState(recordKeys.account())).toBeUndefined()
    expect(fetch).not.toHaveBeenCalled()
  })
})
