import type { FastifyInstance } from 'fastify'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../app.ts'
import { startLenientService } from '../testing/lenient-service.ts'
import {
  fileResources,
  portOf,
  recordsReachable,
  sendRaw,
  testConfig,
} from '../testing/test-support.ts'

/**
 * Every spelling of an endpoint meets the portal's rules for it, embedded and in front of a
 * service as lenient as ASP.NET's defaults: a fragment, a trailing slash or another case never
 * skip the roles, the session check or the record, and an ended session ends on the GET
 * endpoints and in the portal's own routes too.
 */
const { dist, folder: newFolder, keep } = fileResources()
const folder = newFolder('portal-spellings-')
const rolesFile = join(folder, 'roles.yaml')
// ops@example.com is an administrator to the service, but has no role in this help desk.
writeFileSync(rolesFile, 'accounts:\n  admin@example.com: admin\n  auditor@example.com: auditor\n')

/** Tokens that say ExpiresSoon at once, so that every renewal gives a new token. */
const TIMES = { tokenLifetimeMs: 3_600_000, renewalWindowMs: 3_600_000 }

const OPS = {
  type: 'basic',
  usertype: 'admin',
  username: 'ops@example.com',
  password: 'Ops-Demo-1',
  mtcid: 'demo',
}
const BEN = {
  type: 'basic',
  usertype: 'user',
  username: 'ben@example.com',
  password: 'Demo-Pass-2',
}
const LENA = {
  type: 'basic',
  usertype: 'user',
  username: 'lena@lab.example.com',
  password: 'Lab-Demo-1',
}
const ADMIN = {
  type: 'basic',
  usertype: 'admin',
  username: 'admin@example.com',
  password: 'Admin-Demo-1',
}
const AUDITOR = {
  type: 'basic',
  usertype: 'admin',
  username: 'auditor@example.com',
  password: 'Auditor-Demo-1',
}
const ANNA = {
  type: 'basic',
  usertype: 'user',
  username: 'anna@example.com',
  password: 'Demo-Pass-1',
}

interface Portal {
  app: FastifyInstance
  port: number
  /** Requests that reached the service, in proxy mode; null when embedded. */
  reached: ((path: string) => number) | null
}

async function portal(mode: 'embedded' | 'proxy'): Promise<Portal> {
  const env: Record<string, string> = {
    PORTAL_RECORDS: '1',
    PORTAL_DATA_DIR: join(folder, mode),
    HELPDESK_ROLES_FILE: rolesFile,
    MDM_TOKEN_LIFETIME_MS: String(TIMES.tokenLifetimeMs),
    MDM_RENEWAL_WINDOW_MS: String(TIMES.renewalWindowMs),
    MDM_COMMAND_DELAY_MS: '60000',
  }
  let reached: Portal['reached'] = null
  if (mode === 'proxy') {
    const service = keep(await startLenientService(TIMES))
    env.MDM_API_URL = service.url
    reached = (path) => service.seen.filter((seen) => seen.url.toLowerCase().includes(path)).length
  }
  const app = keep(await buildServer(testConfig(dist.dir, env)))
  const port = portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
  await recordsReachable(app, { timeout: 90_000, interval: 200 })
  return { app, port, reached }
}

async function post(app: FastifyInstance, url: string, payload: object) {
  return app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'accept-language': 'de' },
  })
}

async function signIn(app: FastifyInstance, who: object): Promise<string> {
  const answer = await post(app, '/api/mdm/v2/user/login', who)
  const token: unknown = answer.json().token
  if (typeof token !== 'string') throw new Error(answer.body)
  return token
}

describe.each(['embedded', 'proxy'] as const)('%s mode', { timeout: 120_000 }, (mode) => {
  let p: Portal
  beforeAll(async () => {
    p = await portal(mode)
  }, 120_000)

  const raw = (path: string, body: object) =>
    sendRaw(p.port, {
      method: 'POST',
      path,
      body: JSON.stringify(body),
      headers: { 'accept-language': 'de' },
    })

  test('a fragment in the target is refused before any hook, limit or service', async () => {
    const token = await signIn(p.app, ANNA)
    const before = p.reached?.('/device/wipe') ?? 0
    const targets = [
      ['/api/mdm/v2/user/login#x', OPS],
      ['/api/mdm/v2/user/renewtoken#x', { token }],
      ['/api/mdm/v2/device/wipe#x', { token, clientid: 'x' }],
      ['/api/mdm/v2/device/lockscreen#', { token, clientid: 'x' }],
    ] as const
    for (const [target, body] of targets) {
      const answer = await raw(target, body)
      expect(answer.status, target).toBe(400)
      expect(JSON.parse(answer.text), target).toEqual({
        success: false,
        errorcode: '01000001',
        errormessage: 'Die Anfrage konnte nicht gelesen werden.',
        tokenstatus: null,
      })
    }
    expect(p.reached?.('/device/wipe') ?? 0).toBe(before)
  })

  test('an administrator without a role gets no token under any spelling of the sign-in', async () => {
    for (const target of [
      '/api/mdm/v2/user/login',
      '/api/mdm/v2/user/login/',
      '/api/mdm/v2/User/Login',
    ]) {
      const answer = await raw(target, OPS)
      expect(answer.status, target).not.toBe(200)
      expect(JSON.parse(answer.text).token, target).toBeUndefined()
    }
  })

  test('a session ended with "Sign out there" is refused on the GET endpoints too', async () => {
    const here = await signIn(p.app, BEN)
    const there = await signIn(p.app, BEN)
    const sessions = async () =>
      (await post(p.app, '/api/portal/records/account', { token: here })).json().data.sessions as {
        id: string
        current: boolean
      }[]
    await vi.waitFor(async () => expect(await sessions()).toHaveLength(2), { timeout: 20_000 })
    const other = (await sessions()).find((session) => !session.current)
    const ended = await post(p.app, '/api/portal/records/end-session', {
      token: here,
      session: other?.id,
    })
    expect(ended.json().data).toEqual({ ended: 1 })
    const json = (fields: object) => encodeURIComponent(JSON.stringify(fields))
    for (const url of [
      `/api/mdm/v2/user/mdmprofile?json=${json({ token: there, mdmtype: 'apple' })}`,
      `/api/mdm/v2/app/image?json=${json({ token: there, id: 'AU8' })}`,
    ]) {
      const answer = await p.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': 'de' },
      })
      expect(answer.statusCode, url).toBe(401)
      expect(answer.json().errormessage).toBe(
        'Diese Sitzung wurde beendet: abgemeldet, in einem anderen Browser oder durch ein neues Passwort. Bitte melden Sie sich erneut an.',
      )
    }
    const still = await p.app.inject({
      method: 'GET',
      url: `/api/mdm/v2/user/mdmprofile?json=${json({ token: here, mdmtype: 'apple' })}`,
    })
    expect(still.statusCode).toBe(200)
  })

  test('the portal’s own routes refuse a token the service no longer takes (renewed)', async () => {
    const first = await signIn(p.app, LENA)
    await vi.waitFor(
      async () =>
        expect(
          (await post(p.app, '/api/portal/records/account', { token: first })).statusCode,
        ).toBe(200),
      { timeout: 20_000 },
    )
    const renewed = await post(p.app, '/api/mdm/v2/user/renewtoken', { token: first })
    const next: unknown = renewed.json().token
    expect(typeof next === 'string' && next !== first, renewed.body).toBe(true)
    // The service refuses the old token now; so does the portal.
    expect((await post(p.app, '/api/mdm/v2/device/list', { token: first })).statusCode).toBe(401)
    const account = await post(p.app, '/api/portal/records/account', { token: first })
    expect(account.statusCode).toBe(401)
    expect(account.json()).toMatchObject({ success: false, errorcode: '03100001' })
    const end = await post(p.app, '/api/portal/records/end-session', { token: first, others: true })
    expect(end.statusCode).toBe(401)
    expect(
      (await post(p.app, '/api/portal/records/account', { token: next as string })).statusCode,
    ).toBe(200)
  })

  test('the help desk’s password link meets its rules under every spelling of its route', async () => {
    const anna = await signIn(p.app, ANNA)
    const sid: unknown = (await post(p.app, '/api/mdm/v2/user/info', { token: anna })).json()
      .userinfo.sid
    const auditor = await signIn(p.app, AUDITOR)
    const ended = await signIn(p.app, ADMIN)
    expect((await post(p.app, '/api/portal/sign-out', { token: ended })).statusCode).toBe(200)
    const before = p.reached?.('/user/forgotpassword') ?? 0
    const mails = async () =>
      (await p.app.inject({ method: 'GET', url: '/outbox.json' })).json<{ kind: string }[]>()
    const sent = mode === 'embedded' ? (await mails()).length : 0
    // The route as the router reads it meets the rules; every other spelling is no route.
    const spellings = [
      ['/api/portal/password-link', 'route'],
      ['/api/portal/%70assword-link', 'route'],
      ['/api/portal/password-link#x', 'refused'],
      ['/api/portal/password-link/', 'refused'],
      ['/api/portal/Password-Link', 'refused'],
      ['/api/portal//password-link', 'refused'],
      ['/api/portal/password-link;x', 'refused'],
      ['/api/portal/./password-link', 'refused'],
    ] as const
    for (const [target, reading] of spellings) {
      for (const [token, status] of [
        [anna, 403],
        [auditor, 403],
        [ended, 401],
      ] as const) {
        const answer = await raw(target, { token, sid })
        const expected = reading === 'route' ? [status] : [400, 404]
        expect(expected, `${target} ${answer.text}`).toContain(answer.status)
      }
    }
    expect(p.reached?.('/user/forgotpassword') ?? 0).toBe(before)
    if (mode === 'embedded') expect((await mails()).length).toBe(sent)
  })

  test('who signs in is the service’s word: a spelling of usertype it would read otherwise is refused', async () => {
    const before = p.reached?.('/user/login') ?? 0
    const spellings = [
      { ...OPS, usertype: 'Admin' },
      { ...ANNA, usertype: 'USER' },
      { type: 'basic', UserType: 'admin', username: OPS.username, password: OPS.password },
      { ...ANNA, Type: 'microsoft' },
    ]
    for (const body of spellings) {
      const answer = await post(p.app, '/api/mdm/v2/user/login', body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(answer.json().token).toBeUndefined()
    }
    expect(p.reached?.('/user/login') ?? 0).toBe(before)
  })

  test('a session is filed under the account the service names for its token', async () => {
    const token = await signIn(p.app, { ...ANNA, username: '  Anna@Example.COM ' })
    await vi.waitFor(
      async () => {
        const account = await post(p.app, '/api/portal/records/account', { token })
        expect(account.statusCode).toBe(200)
        expect(account.json().data.sessions.length).toBeGreaterThan(0)
      },
      { timeout: 20_000 },
    )
  })

  test('every answer under /api is the envelope in the request’s language, the framework’s own errors too', async () => {
    const media = await p.app.inject({
      method: 'POST',
      url: '/api/portal/role',
      payload: '{"token":"x"}',
      headers: { 'content-type': 'application/vnd.api+json', 'accept-language': 'de' },
    })
    expect(media.statusCode).toBe(415)
    expect(media.json()).toEqual({
      success: false,
      errorcode: '01000001',
      errormessage: 'Die Anfrage konnte nicht gelesen werden.',
      tokenstatus: null,
    })
    const token = await signIn(p.app, ANNA)
    const nul = await post(p.app, '/api/portal/records/end-session', { token, session: 'a\u0000b' })
    expect(nul.statusCode).toBe(400)
    expect(nul.json()).toMatchObject({ success: false, errorcode: '01000001' })
  })
})
