import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setConfig } from '@/lib/config'
import { session } from '@/lib/session'
import { REVIVAL_TIMEOUT_MS, setSessionReviver } from '@/lib/session-revival'
import { apiRequest } from './client'
import { emptyResultSchema } from '@contract/schemas'
import { PORTAL_ERROR_CODES } from '@contract/error-codes'

/**
 * A session the service refuses as expired gets one chance to be signed in again without the
 * user (sign-in with Microsoft, through its refresh token) before it ends.
 */
const expired = {
  success: false,
  errorcode: '03100002',
  errormessage: 'expired',
  tokenstatus: 'Expired',
}
const ok = { success: true, errorcode: null, errormessage: null, tokenstatus: null }

function serve(): string[] {
  const tokens: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const { token } = JSON.parse(String(init.body)) as { token: string }
      tokens.push(token)
      return new Response(JSON.stringify(token === 'fresh' ? ok : expired), {
        status: token === 'fresh' ? 200 : 401,
        headers: { 'Content-Type': 'application/json' },
      })
    }),
  )
  return tokens
}

beforeEach(() => {
  setConfig({ apiBaseUrl: '/api/mdm/v2' })
  session.start('old')
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  setSessionReviver(null)
  session.expire()
})

describe('an expired session', () => {
  it('is signed in again once for parallel refusals, and the requests go out again', async () => {
    const tokens = serve()
    const reviver = vi.fn(async () => 'fresh')
    setSessionReviver(reviver)
    const ended = vi.fn()
    const stop = session.onEnd(ended)
    await Promise.all(
      Array.from({ length: 3 }, () => apiRequest('device/list', {}, emptyResultSchema)),
    )
    stop()
    expect(reviver).toHaveBeenCalledTimes(1)
    expect(session.getToken()).toBe('fresh')
    expect(ended).not.toHaveBeenCalled()
    expect(tokens.filter((token) => token === 'fresh')).toHaveLength(3)
  })

  it('ends as before when it cannot be signed in again', async () => {
    serve()
    setSessionReviver(async () => null)
    await expect(apiRequest('device/list', {}, emptyResultSchema)).rejects.toMatchObject({
      kind: 'unauthorized',
    })
    expect(session.getState()).toEqual({
      token: null,
      issuedAt: null,
      role: 'user',
      ended: 'expired',
    })
  })

  it('ends when signing in again fails outright', async () => {
    serve()
    setSessionReviver(() => Promise.reject(new Error('provider down')))
    await expect(apiRequest('device/list', {}, emptyResultSchema)).rejects.toMatchObject({
      kind: 'unauthorized',
    })
    expect(session.isSignedIn()).toBe(false)
  })

  it('ends when signing in again never finishes, instead of every request waiting forever', async () => {
    vi.useFakeTimers()
    serve()
    const signals: AbortSignal[] = []
    setSessionReviver((signal) => {
      signals.push(signal)
      return new Promise(() => undefined)
    })
    const outcome: { error?: unknown } = {}
    const request = apiRequest('device/list', {}, emptyResultSchema).catch((error: unknown) => {
      outcome.error = error
    })
    await vi.advanceTimersByTimeAsync(REVIVAL_TIMEOUT_MS)
    expect(outcome.error).toMatchObject({ kind: 'unauthorized' })
    await request
    expect(session.getState().ended).toBe('expired')
    // The reviver is told, so what it gets after all is dropped rather than kept.
    expect(signals.map((signal) => signal.aborted)).toEqual([true])
  })
})

/**
 * A session the portal ended on purpose (signed out from another browser, or by a new password,
 * docs/security.md "Sessions") is not signed in again behind the user's back: "Sign out there"
 * must hold for a Microsoft sign-in too. The sign-in page says why the user is there.
 */
describe('a session the portal ended', () => {
  it('is not signed in again, and ends as ended, not expired', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              errorcode: PORTAL_ERROR_CODES.sessionEnded,
              errormessage: 'ended',
              tokenstatus: 'Expired',
            }),
            { status: 401, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    )
    const reviver = vi.fn(async () => 'fresh')
    setSessionReviver(reviver)
    await expect(apiRequest('device/list', {}, emptyResultSchema)).rejects.toMatchObject({
      kind: 'unauthorized',
    })
    expect(reviver).not.toHaveBeenCalled()
    expect(session.getState()).toMatchObject({ token: null, ended: 'ended' })
  })
})
