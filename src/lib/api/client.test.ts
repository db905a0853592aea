import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import { session } from '@/lib/session'
import { ApiError } from './api-error'
import { setConfig } from '@/lib/config'
import { apiRequest } from './client'
import { z } from '@contract/zod'
import {
  deviceInfoResultSchema,
  deviceListResultSchema,
  emptyResultSchema,
  resetPasswordInfoResultSchema,
  userInfoResultSchema,
} from '@contract/schemas'

interface Call {
  url: string
  path: string
  body: Record<string, unknown>
  headers: Headers
}
type Handler = (call: Call) => Response | Promise<Response>

/** Answers the client's requests like the service would; records what was sent. */
function serve(handler: Handler): Call[] {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call: Call = {
        url,
        path: url.replace(/^.*\/api\/mdm\/v2\//, ''),
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
        headers: new Headers(init.headers),
      }
      calls.push(call)
      return handler(call)
    }),
  )
  return calls
}

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
}

const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
const failure = (code: string, message: string, tokenstatus: string | null = null) => ({
  success: false,
  errorcode: code,
  errormessage: message,
  tokenstatus,
})

/** A device list exactly as the service writes it: escaped dates, members missing, extras. */
const DEVICE_LIST_RAW = String.raw`{"data":[{"actions":{"disablelostmode":{"status":0,"visible":false},"enablelostmode":{"status":0,"visible":true},"lockscreen":{"status":1,"visible":true},"requestlocation":{"status":0,"visible":false},"resetpasscode":{"status":0,"visible":true},"wipefull":{"status":0,"visible":true},"wipepartial":{"status":0,"visible":true}},"androidforworktype":0,"batterylevel":87,"clientid":"5f2b8c1e-0001","displayname":"Anna's iPhone","enrollmenttype":null,"exchangeid":null,"freestorageinfo":"52.2 GB / 64.0 GB - 81.55 %","freestoragemb":53452,"imei":"35 209900 176148 1","lastcontact":"\/Date(1608564096937)\/","location":null,"lostmodeenabled":false,"managed":true,"mdmid":"00008101-000A","modelname":"iPhone 12","osname":"iOS 14.2","passwordenabled":false,"recoverytoken":null,"roaming":false,"serialnumber":"F2LDX0001","storagemb":65536,"supervised":"","type":2,"usersid":"S-1-5-21-1","newmember":"ignored"}],"errorcode":null,"errormessage":null,"pagecount":1,"pageindex":1,"success":true,"tokenstatus":"ExpiresSoon","totalcount":1}`

beforeEach(() => {
  setConfig({ apiBaseUrl: '/api/mdm/v2' })
  session.start('token-1')
})

afterEach(async () => {
  vi.unstubAllGlobals()
  session.expire()
  await changeLanguage('en')
})

describe('apiRequest', () => {
  it('posts JSON with the token in the body and the language as Accept-Language', async () => {
    setConfig({ apiBaseUrl: 'https://mdm.example.com/api/mdm/v2/' })
    await changeLanguage('de')
    const calls = serve(() => json({ ...envelope, userresetpasswordinfo: { displayname: 'X' } }))
    await apiRequest('device/lockscreen', { clientid: 'c1' }, emptyResultSchema)
    expect(calls[0]?.url).toBe('https://mdm.example.com/api/mdm/v2/device/lockscreen')
    expect(calls[0]?.body).toEqual({ clientid: 'c1', token: 'token-1' })
    expect(calls[0]?.headers.get('Accept-Language')).toBe('de')
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json')
  })

  it('sends no token to the endpoints that take none', async () => {
    const calls = serve(() => json({ ...envelope, userresetpasswordinfo: {} }))
    const info = await apiRequest(
      'user/resetpasswordinfo',
      { token: 'reset-1' },
      resetPasswordInfoResultSchema,
    )
    expect(calls[0]?.body).toEqual({ token: 'reset-1' })
    expect(info.userresetpasswordinfo.displayname).toBeUndefined()
  })

  it('parses a real device list: escaped dates become Dates, absent members are tolerated', async () => {
    serve((call) =>
      call.path === 'user/renewtoken'
        ? json({ ...envelope, token: 'token-2' })
        : json(DEVICE_LIST_RAW),
    )
    const result = await apiRequest('device/list', {}, deviceListResultSchema)
    const device = result.data[0]
    expect(device?.lastcontact).toEqual(new Date(1608564096937))
    expect(device?.supervised).toBe(false)
    expect(device?.passcodecompliant).toBeUndefined()
    expect(device?.wiped).toBeUndefined()
    expect(device?.actions.lockscreen).toEqual({ status: 1, visible: true })
    expect(device).not.toHaveProperty('newmember')
    expect(result.totalcount).toBe(1)
  })

  it('reads a user record with optional members missing', async () => {
    serve(() =>
      json({
        ...envelope,
        userinfo: { sid: 'S-1', email: 'ben@example.com', displayname: 'Ben Keller', phone: null },
      }),
    )
    const { userinfo } = await apiRequest('user/info', {}, userInfoResultSchema)
    expect(userinfo).toMatchObject({ email: 'ben@example.com', phone: null })
    expect(userinfo.managedappleid).toBeUndefined()
  })
})

describe("an answer's schema", () => {
  it('is built in a task of its own while the request is on its way, once', async () => {
    let built = 0
    const schema = z.lazy(() => {
      built++
      return z.object({ success: z.boolean() })
    })
    let answer: (response: Response) => void = () => undefined
    const calls = serve(() => new Promise<Response>((resolve) => (answer = resolve)))
    const request = apiRequest('device/requestapplist', { clientid: 'c1' }, schema)
    expect(built).toBe(0)
    await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: 20_000 })
    // A task later, the answer still on its way:
    await new Promise((resolve) => setTimeout(resolve))
    expect(built).toBe(1)
    answer(json(envelope))
    await expect(request).resolves.toEqual({ success: true })

    serve(() => json(envelope))
    await apiRequest('device/requestapplist', { clientid: 'c1' }, schema)
    await new Promise((resolve) => setTimeout(resolve))
    expect(built).toBe(1)
  })
})

describe('failures become one typed error', () => {
  async function failureOf(response: () => Response | Promise<Response>): Promise<ApiError> {
    serve(response)
    const error: unknown = await apiRequest('device/info', { clientid: 'c1' }, emptyResultSchema)
      .then(() => null)
      .catch((caught: unknown) => caught)
    if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
    return error
  }

  it('HTTP 200 with success false: an API failure with code and localized message', async () => {
    const error = await failureOf(() =>
      json(failure('02100003', 'Diese Aktion ist auf diesem Gerät nicht verfügbar.')),
    )
    expect(error).toMatchObject({
      kind: 'api',
      status: 200,
      code: '02100003',
      serverMessage: 'Diese Aktion ist auf diesem Gerät nicht verfügbar.',
    })
    expect(session.isSignedIn()).toBe(true)
  })

  it.each([
    [403, 'forbidden'],
    [404, 'notFound'],
    [429, 'rateLimited'],
    [500, 'api'],
  ] as const)('HTTP %i is %s', async (status, kind) => {
    const error = await failureOf(() => json(failure('01000099', 'x'), status))
    expect(error.kind).toBe(kind)
    expect(error.status).toBe(status)
  })

  it('a rate limit in its own shape is still understood', async () => {
    const error = await failureOf(() =>
      json({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' }, 429),
    )
    expect(error.kind).toBe('rateLimited')
  })

  it('an answer that is not JSON, or not the expected shape, is malformed', async () => {
    expect((await failureOf(() => json('<html>oops</html>'))).kind).toBe('malformed')
    expect((await failureOf(() => new Response('', { status: 200 }))).kind).toBe('malformed')
  })

  it('an answer whose result does not fit the schema is malformed', async () => {
    serve(() => json({ ...envelope, deviceinfo: { clientid: 7 } }))
    await expect(
      apiRequest('device/info', { clientid: 'c1' }, deviceInfoResultSchema),
    ).rejects.toMatchObject({ kind: 'malformed', status: 200 })
  })

  it.each([
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'timeout'],
    [500, 'api'],
  ] as const)(
    "a proxy's error page (HTTP %i, no envelope) is %s, with its status",
    async (status, kind) => {
      const error = await failureOf(() => new Response('<h1>Maintenance</h1>', { status }))
      expect(error).toMatchObject({ kind, status })
    },
  )

  it('no connection is a network failure', async () => {
    const error = await failureOf(() => Promise.reject(new TypeError('Failed to fetch')))
    expect(error.kind).toBe('network')
    expect(session.isSignedIn()).toBe(true)
  })

  it('no answer within the wait is a timeout, not a lost connection', async () => {
    // The portal's wait, run out at once: fetch fails as the browser's would, with its reason.
    const ranOut = AbortSignal.abort(new DOMException('The wait ran out.', 'TimeoutError'))
    vi.spyOn(AbortSignal, 'timeout').mockReturnValue(ranOut)
    const error = await failureOf(() => Promise.reject(ranOut.reason))
    expect(error.kind).toBe('timeout')
    expect(session.isSignedIn()).toBe(true)
  })

  it('401 ends the session as expired', async () => {
    const ended = vi.fn()
    const stop = session.onEnd(ended)
    const error = await failureOf(() => json(failure('03100002', 'expired', 'Expired'), 401))
    stop()
    expect(error).toMatchObject({ kind: 'unauthorized', code: '03100002' })
    expect(session.getState()).toEqual({
      token: null,
      issuedAt: null,
      role: 'user',
      ended: 'expired',
    })
    expect(ended).toHaveBeenCalledExactlyOnceWith('expired')
  })

  it('a gateway’s 401 page (no envelope) keeps the session: the service is not reached', async () => {
    // Spec, Errors rule 2: "tokenstatus tells the caller when to renew (ExpiresSoon) or log in
    // again (Expired)"; the portal's server answers every failure of its own and of the service
    // in the envelope (a bare 401 of the service's becomes its 502). A 401 without it is a page
    // of something in front of the portal, which says nothing of the session's token.
    const ended = vi.fn()
    const stop = session.onEnd(ended)
    const error = await failureOf(
      () => new Response('<h1>401 Authorization Required</h1>', { status: 401 }),
    )
    stop()
    expect(error).toMatchObject({ kind: 'unavailable', status: 401 })
    expect(session.isSignedIn()).toBe(true)
    expect(ended).not.toHaveBeenCalled()
  })

  it('tokenstatus Expired on HTTP 200 ends the session too', async () => {
    const error = await failureOf(() => json(failure('03100002', 'expired', 'Expired')))
    expect(error.kind).toBe('unauthorized')
    expect(session.isSignedIn()).toBe(false)
  })

  it('without a session nothing is sent', async () => {
    session.signOut()
    const calls = serve(() => json(envelope))
    await expect(apiRequest('user/info', {}, userInfoResultSchema)).rejects.toMatchObject({
      kind: 'unauthorized',
    })
    expect(calls).toHaveLength(0)
  })
})

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

const list = (tokenstatus: string | null) =>
  json({ ...envelope, tokenstatus, data: [], pagecount: 1, pageindex: 1, totalcount: 0 })

describe('token renewal', () => {
  it('renews once for ten parallel answers saying ExpiresSoon; later requests use the new token', async () => {
    const renewal = deferred<Response>()
    const calls = serve((call) => {
      if (call.path === 'user/renewtoken') return renewal.promise
      return list(call.body.token === 'token-1' ? 'ExpiresSoon' : null)
    })
    await Promise.all(
      Array.from({ length: 10 }, () => apiRequest('device/list', {}, deviceListResultSchema)),
    )
    // A request made while the renewal is under way waits for it.
    const later = apiRequest('device/list', {}, deviceListResultSchema)
    renewal.resolve(json({ ...envelope, token: 'token-2' }))
    await later

    const renewals = calls.filter((call) => call.path === 'user/renewtoken')
    expect(renewals).toHaveLength(1)
    expect(renewals[0]?.body).toEqual({ token: 'token-1' })
    expect(session.getToken()).toBe('token-2')
    expect(sessionStorage.getItem('mdm.session')).toBe('token-2')
    expect(calls.at(-1)?.body.token).toBe('token-2')
  })

  it('answers about the old token that arrive after the renewal renew nothing more', async () => {
    const slow = deferred<Response>()
    const calls = serve((call) => {
      if (call.path === 'user/renewtoken') return json({ ...envelope, token: 'token-2' })
      if (call.path === 'device/info') return slow.promise
      return list(call.body.token === 'token-1' ? 'ExpiresSoon' : null)
    })
    const late = apiRequest('device/info', { clientid: 'c1' }, emptyResultSchema)
    await apiRequest('device/list', {}, deviceListResultSchema)
    await vi.waitFor(() => expect(session.getToken()).toBe('token-2'), { timeout: 20_000 })
    slow.resolve(json({ ...envelope, tokenstatus: 'ExpiresSoon' }))
    await late
    await apiRequest('device/list', {}, deviceListResultSchema)
    expect(calls.filter((call) => call.path === 'user/renewtoken')).toHaveLength(1)
  })

  it('a request refused because the renewal retired its token is sent again with the new one', async () => {
    const renewal = deferred<Response>()
    const refusal = deferred<Response>()
    const calls = serve((call) => {
      if (call.path === 'user/renewtoken') return renewal.promise
      if (call.path === 'device/list') return list('ExpiresSoon')
      return call.body.token === 'token-1' ? refusal.promise : json(envelope)
    })
    // The mutation is on its way with the old token when an answer asks for renewal.
    const mutation = apiRequest('device/requestapplist', { clientid: 'c1' }, emptyResultSchema)
    await apiRequest('device/list', {}, deviceListResultSchema)
    // The service already swapped the token; its refusal overtakes the renewal's answer.
    refusal.resolve(json(failure('03100001', 'unknown token'), 401))
    // Let the refusal be read completely before the renewal's answer arrives.
    await new Promise((resolve) => setTimeout(resolve, 20))
    renewal.resolve(json({ ...envelope, token: 'token-2' }))
    await expect(mutation).resolves.toMatchObject({ success: true })
    const sent = calls.filter((call) => call.path === 'device/requestapplist')
    expect(sent.map((call) => call.body.token)).toEqual(['token-1', 'token-2'])
    expect(session.getToken()).toBe('token-2')
  })

  it('a failed renewal keeps the session, and a later answer tries again', async () => {
    let renewals = 0
    serve((call) => {
      if (call.path !== 'user/renewtoken') return list('ExpiresSoon')
      renewals++
      return renewals === 1
        ? Promise.reject(new TypeError('Failed to fetch'))
        : json({ ...envelope, token: 'token-2' })
    })
    await apiRequest('device/list', {}, deviceListResultSchema)
    await vi.waitFor(() => expect(renewals).toBe(1), { timeout: 20_000 })
    expect(session.getToken()).toBe('token-1')
    await apiRequest('device/list', {}, deviceListResultSchema)
    await vi.waitFor(() => expect(session.getToken()).toBe('token-2'), { timeout: 20_000 })
  })
})

describe('expiry during a mutation', () => {
  it('ends the session once, is not sent again, and fails as unauthorized', async () => {
    const ended = vi.fn()
    const stop = session.onEnd(ended)
    const calls = serve(() => json(failure('03100002', 'Token expired', 'Expired'), 401))
    const results = await Promise.allSettled([
      apiRequest('device/wipe', { clientid: 'c1', partial: true }, emptyResultSchema),
      apiRequest('device/list', {}, deviceListResultSchema),
      apiRequest('user/info', {}, userInfoResultSchema),
    ])
    stop()
    for (const result of results) {
      expect(result).toMatchObject({ status: 'rejected', reason: { kind: 'unauthorized' } })
    }
    expect(calls.filter((call) => call.path === 'device/wipe')).toHaveLength(1)
    expect(ended).toHaveBeenCalledExactlyOnceWith('expired')
    expect(session.getState().ended).toBe('expired')
    expect(sessionStorage.getItem('mdm.session')).toBeNull()
  })

  it('a mutation sent during a renewal waits and goes out with the new token', async () => {
    const renewal = deferred<Response>()
    const calls = serve((call) => {
      if (call.path === 'user/renewtoken') return renewal.promise
      return call.path === 'device/list' ? list('ExpiresSoon') : json(envelope)
    })
    await apiRequest('device/list', {}, deviceListResultSchema)
    const mutation = apiRequest('device/lockscreen', { clientid: 'c1' }, emptyResultSchema)
    expect(calls.some((call) => call.path === 'device/lockscreen')).toBe(false)
    renewal.resolve(json({ ...envelope, token: 'token-2' }))
    await mutation
    expect(calls.find((call) => call.path === 'device/lockscreen')?.body.token).toBe('token-2')
  })
})
