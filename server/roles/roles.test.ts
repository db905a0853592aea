import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../app.ts'
import {
  makeDist,
  recordsReachable,
  startFakeService,
  testConfig,
} from '../testing/test-support.ts'

/**
 * The help desk's roles, enforced by the portal server in front of a service that would do
 * anything it is asked: what a role does not allow never reaches it.
 */
const dist = makeDist()
const folder = mkdtempSync(join(tmpdir(), 'portal-roles-'))
const rolesFile = join(folder, 'roles.yaml')
writeFileSync(
  rolesFile,
  [
    'accounts:',
    '  boss@example.com: admin',
    '  "*@example.com": helpdesk',
    '  audit@example.com: auditor',
    // The SHA-256 of "helpdesk-script-key": the file names a key, never holds it.
    'apiKeys:',
    '  156c3b416d5996a244bc6431da187d363ffd78c49cd30fcb94688af6c03b65c0: helpdesk',
  ].join('\n'),
)
const ok = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
const service = await startFakeService({
  '/api/mdm/v2/user/login': (request) => {
    const { username } = request.body ? JSON.parse(String(request.body)) : {}
    return { ...ok, token: `token-of-${username}` }
  },
  // The portal asks the service whose a new token is.
  '/api/mdm/v2/user/info': (request) => {
    const { token } = request.body ? JSON.parse(String(request.body)) : {}
    return { ...ok, userinfo: { sid: 'S-1', email: String(token).replace(/^token-of-/, '') } }
  },
  '/api/mdm/v2/device/list': () => ({ ...ok, data: [], pagecount: 1, pageindex: 1, totalcount: 0 }),
  // The service shows the help desk the device: its records are the help desk's to see.
  '/api/mdm/v2/device/info': () => ({ ...ok, deviceinfo: {} }),
  '/api/mdm/v2/device/wipe': () => ok,
  '/api/mdm/v2/device/enablelostmode': () => ok,
  '/api/mdm/v2/device/lockscreen': () => ok,
})
let app: FastifyInstance
beforeAll(async () => {
  app = await buildServer(
    testConfig(dist.dir, {
      MDM_API_URL: service.url,
      HELPDESK_ROLES_FILE: rolesFile,
      PORTAL_RECORDS: '1',
      PORTAL_DATA_DIR: join(folder, 'data'),
    }),
  )
  // PGlite's start takes seconds, more on a busy machine.
  await recordsReachable(app, { timeout: 90_000, interval: 200 })
}, 120_000)
afterAll(async () => {
  await app.close()
  await service.close()
  dist.remove()
  rmSync(folder, { recursive: true, force: true })
})

async function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
  })
}

async function signIn(username: string) {
  const answer = await post('/api/mdm/v2/user/login', {
    type: 'basic',
    usertype: 'admin',
    username,
    password: 'right',
  })
  return answer
}

const reached = (path: string) => service.seen.filter((seen) => seen.url.endsWith(path)).length
const clientid = 'device-1'

describe('help desk roles on the server', { timeout: 60_000 }, () => {
  test('the help desk may put a device into lost mode but is refused a wipe, before the service', async () => {
    const token = (await signIn('kim@example.com')).json().token as string
    const lost = await post('/api/mdm/v2/device/enablelostmode', {
      token,
      clientid,
      message: 'Please call',
    })
    expect(lost.json().success).toBe(true)
    const wipe = await post('/api/mdm/v2/device/wipe', { token, clientid })
    expect(wipe.statusCode).toBe(403)
    expect(wipe.json()).toEqual({
      success: false,
      errorcode: '01900006',
      errormessage: 'In the help desk role, you cannot wipe devices. Ask an administrator.',
      tokenstatus: null,
    })
    const german = await post(
      '/api/mdm/v2/device/wipe',
      { token, clientid },
      { 'accept-language': 'de-DE,de;q=0.9' },
    )
    expect(german.json().errormessage).toBe(
      'Mit der Rolle Helpdesk können Sie keine Geräte löschen. Fragen Sie einen Administrator.',
    )
    expect(reached('/device/enablelostmode')).toBe(1)
    expect(reached('/device/wipe')).toBe(0)
    // Recorded in the activity as refused, with the portal's code.
    const boss = (await signIn('boss@example.com')).json().token as string
    await vi.waitFor(
      async () => {
        const found = await post('/api/portal/records/activity', { token: boss, actions: ['wipe'] })
        expect(found.json().data).toEqual([
          expect.objectContaining({
            action: 'wipe',
            account: 'kim@example.com',
            actor: 'helpdesk',
            outcome: 'refused',
          }),
          expect.objectContaining({ outcome: 'refused' }),
        ])
      },
      { timeout: 20_000 },
    )
  })

  test('the auditor reads and changes nothing; the most specific entry wins over the domain', async () => {
    const token = (await signIn('audit@example.com')).json().token as string
    expect((await post('/api/mdm/v2/device/list', { token })).statusCode).toBe(200)
    const lock = await post('/api/mdm/v2/device/lockscreen', { token, clientid })
    expect(lock.statusCode).toBe(403)
    expect(lock.json().errormessage).toBe(
      'As an auditor, you cannot lock devices. Ask the help desk or an administrator.',
    )
    const invite = await post('/api/mdm/v2/user/create', { token, email: 'x@example.com' })
    // The help desk may invite too: the refusal says whom to ask from the roles table.
    expect(invite.json().errormessage).toBe(
      'As an auditor, you cannot invite users. Ask the help desk or an administrator.',
    )
    const german = await post(
      '/api/mdm/v2/user/create',
      { token, email: 'x@example.com' },
      { 'accept-language': 'de-DE,de;q=0.9' },
    )
    expect(german.json().errormessage).toBe(
      'Als Auditor können Sie keine Benutzer einladen. Fragen Sie den Helpdesk oder einen Administrator.',
    )
    // A path the portal does not know never reaches the service.
    expect((await post('/api/mdm/v2/device/unknown', { token, clientid })).statusCode).toBe(404)
    expect(reached('/device/lockscreen')).toBe(0)
    const role = await post('/api/portal/role', { token })
    expect(role.json().data).toEqual({ role: 'auditor', roles: true })
  })

  test('the administrator wipes', async () => {
    const token = (await signIn('boss@example.com')).json().token as string
    expect((await post('/api/mdm/v2/device/wipe', { token, clientid })).json().success).toBe(true)
    expect(reached('/device/wipe')).toBe(1)
    expect((await post('/api/portal/role', { token })).json().data.role).toBe('admin')
  })

  test('an administrator the file does not name is refused the help desk, and their token ends', async () => {
    const answer = await signIn('someone@elsewhere.example.org')
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toEqual({
      success: false,
      errorcode: '01900007',
      errormessage:
        'This administrator account has no role in the help desk of this portal. Ask the portal’s operator to add it to the roles file.',
      tokenstatus: null,
    })
    const list = await post('/api/mdm/v2/device/list', {
      token: 'token-of-someone@elsewhere.example.org',
    })
    expect(list.statusCode).toBe(401)
  })

  test('a token the portal never saw signed in may read, but not change anything', async () => {
    expect((await post('/api/mdm/v2/device/list', { token: 'token-of-nobody' })).statusCode).toBe(
      200,
    )
    const lock = await post('/api/mdm/v2/device/lockscreen', { token: 'token-of-nobody', clientid })
    expect(lock.statusCode).toBe(403)
    expect(lock.json().errormessage).toMatch(/does not know this sign-in/)
  })

  test('a change sent with another method than POST never reaches the service', async () => {
    const token = (await signIn('audit@example.com')).json().token as string
    const json = encodeURIComponent(JSON.stringify({ token, clientid }))
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const answer = await app.inject({ method, url: `/api/mdm/v2/device/wipe?json=${json}` })
      expect(answer.statusCode).toBe(404)
      expect(answer.json().errorcode).toBe('01000005')
    }
    expect(reached('/device/wipe')).toBe(1)
  })

  test('a request with an API key is never accepted from a browser', async () => {
    const key = { authorization: 'Api-Key demo-api-key' }
    const before = reached('/device/list')
    const browsers: Record<string, string>[] = [
      { origin: 'http://localhost' },
      { 'sec-fetch-site': 'same-origin' },
    ]
    for (const browser of browsers) {
      const answer = await post('/api/mdm/v2/device/list', {}, { ...key, ...browser })
      expect(answer.statusCode).toBe(403)
      expect(answer.json().errorcode).toBe('01900008')
    }
    expect(reached('/device/list')).toBe(before)
  })

  test('an API key the roles file does not name is refused; a named one has its role', async () => {
    const unnamed = await post(
      '/api/mdm/v2/device/wipe',
      { clientid },
      { authorization: 'Api-Key demo-api-key' },
    )
    expect(unnamed.statusCode).toBe(403)
    expect(unnamed.json()).toMatchObject({ success: false, errorcode: '01900009' })
    expect(unnamed.json().errormessage).toMatch(/does not pass on API keys/)
    // With a token beside it too: the service would let the token win, the portal refuses both.
    const boss = (await signIn('boss@example.com')).json().token as string
    const both = await post(
      '/api/mdm/v2/device/list',
      { token: boss },
      { authorization: 'Api-Key x' },
    )
    expect(both.json().errorcode).toBe('01900009')
    const wipes = reached('/device/wipe')
    const named = { authorization: 'Api-Key helpdesk-script-key' }
    expect((await post('/api/mdm/v2/device/lockscreen', { clientid }, named)).statusCode).toBe(200)
    const wipe = await post('/api/mdm/v2/device/wipe', { clientid }, named)
    expect(wipe.statusCode).toBe(403)
    expect(wipe.json().errormessage).toBe(
      'In the help desk role, you cannot wipe devices. Ask an administrator.',
    )
    expect(reached('/device/wipe')).toBe(wipes)
  })
})
