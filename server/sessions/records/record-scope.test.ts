import type { FastifyInstance } from 'fastify'
import { describe, expect, test, vi } from 'vitest'
import { buildServer } from '../../app.ts'
import { DEMO, DEVICE_IDS } from '../../mdm/test-client.ts'
import {
  fileResources,
  recordsReachable,
  startFakeService,
  testConfig,
} from '../../testing/test-support.ts'

/**
 * Whose records a caller sees, ends and deletes: a help desk only its own tenant's activity (the
 * service is the scope), and an account only its own sessions, known by tenant, account type
 * and address together.
 */
const { dist, folder, keep } = fileResources()

async function portal(env: Record<string, string> = {}) {
  const app = keep(
    await buildServer(
      testConfig(dist.dir, {
        PORTAL_RECORDS: '1',
        PORTAL_DATA_DIR: folder('portal-scope-'),
        MDM_COMMAND_DELAY_MS: '60000',
        ...env,
      }),
    ),
  )
  await recordsReachable(app, { timeout: 30_000, interval: 200 })
  return app
}

/**
 * One portal embedded and one in front of the stand-in service, in test mode: each test works
 * in a world of its own (appInWorld), where its records are its own.
 */
let embedded: Promise<FastifyInstance> | undefined
let proxied: Promise<FastifyInstance> | undefined
const embeddedPortal = () => (embedded ??= portal({ MDM_TEST_MODE: '1' }))
const proxiedPortal = () => (proxied ??= portal({ MDM_TEST_MODE: '1', MDM_API_URL: service.url }))

const post = (app: FastifyInstance, url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Firefox/141.0' },
  })

async function signIn(app: FastifyInstance, fields: object): Promise<string> {
  const answer = await post(app, '/api/mdm/v2/user/login', { type: 'basic', ...fields })
  const token: unknown = answer.json().token
  if (typeof token !== 'string') throw new Error(answer.body)
  return token
}

const activity = async (app: FastifyInstance, token: string) => {
  const answer = await post(app, '/api/portal/records/activity', { token })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json().data as { clientId: string; details: Record<string, string> }[]
}

describe('a help desk sees its own tenant’s activity only', { timeout: 60_000 }, () => {
  test('embedded: the auditor of “demo” neither reads nor exports a lock sent in “lab”', async () => {
    const app = appInWorld(await embeddedPortal(), { 'x-mdm-world': 'tenant-scope' })
    const ops = await signIn(app, { ...DEMO.ops, mtcid: 'lab' })
    const lab = DEVICE_IDS.labTablet
    await post(app, '/api/mdm/v2/device/info', { token: ops, clientid: lab })
    const lock = await post(app, '/api/mdm/v2/device/lockscreen', {
      token: ops,
      clientid: lab,
      message: 'Lab secret message',
      phonenumber: '+49 30 999 111',
    })
    expect(lock.json().success, lock.body).toBe(true)
    const anna = await signIn(app, DEMO.anna)
    const annaLock = await post(app, '/api/mdm/v2/device/lockscreen', {
      token: anna,
      clientid: DEVICE_IDS.annaIphone,
      message: 'Anna’s own',
    })
    expect(annaLock.json().success, annaLock.body).toBe(true)
    // Signed in to "lab", its administrator sees the lab's lock only, once it is written.
    await vi.waitFor(
      async () => expect((await activity(app, ops)).map((row) => row.clientId)).toEqual([lab]),
      { timeout: 20_000 },
    )

    const auditor = await signIn(app, { usertype: 'admin', ...auditorLogin })
    const seen = await activity(app, auditor)
    expect(seen.map((row) => row.clientId)).toEqual([DEVICE_IDS.annaIphone])
    const csv = await post(app, '/api/portal/records/activity.csv', { token: auditor })
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain('Anna’s own')
    expect(csv.body).not.toContain('Lab secret message')
    expect(csv.body).not.toContain('+49 30 999 111')
  })

  test('proxied: only records of devices the service shows the caller’s token', async () => {
    const app = appInWorld(await proxiedPortal(), { 'x-mdm-world': 'tenant-scope' })
    const labAdmin = await signIn(app, { usertype: 'admin', username: 'lab@example.com' })
    await post(app, '/api/mdm/v2/device/lockscreen', {
      token: labAdmin,
      clientid: 'lab-phone',
      message: 'Lab secret message',
    })
    const demoAdmin = await signIn(app, { usertype: 'admin', username: 'demo@example.com' })
    await post(app, '/api/mdm/v2/device/lockscreen', {
      token: demoAdmin,
      clientid: 'demo-phone',
      message: 'Demo message',
    })
    await vi.waitFor(async () => expect(await activity(app, labAdmin)).toHaveLength(1), {
      timeout: 20_000,
    })
    await vi.waitFor(async () => expect(await activity(app, demoAdmin)).toHaveLength(1), {
      timeout: 20_000,
    })
    expect((await activity(app, demoAdmin))[0]?.details).toEqual({ message: 'Demo message' })
    const csv = await post(app, '/api/portal/records/activity.csv', { token: demoAdmin })
    expect(csv.body).not.toContain('Lab secret message')
  })
})

/** What `records/account` shows the token's account. */
const account = async (app: FastifyInstance, token: string) => {
  const answer = await post(app, '/api/portal/records/account', { token })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json().data as { sessions: unknown[]; signIns: unknown[] }
}

/**
 * A user with the administrator's address signs in twice; the administrator once. The user ends
 * its other sessions and is deleted: the administrator's session, sign-in and activity stay.
 */
async function userWithAdminAddress(
  app: FastifyInstance,
  admin: string,
  user: () => Promise<string>,
  deleteUser: () => Promise<void>,
  lock: () => Promise<void>,
) {
  const mine = async () => {
    const rows = await post(app, '/api/portal/records/activity', { token: admin })
    // The administrator's locks: its invitation and deletion of the user are its records too.
    const locks = rows
      .json()
      .data.filter((row: { byYou: boolean; action: string }) => row.byYou && row.action === 'lock')
    return locks.length as number
  }
  await lock()
  const first = await user()
  const second = await user()
  await vi.waitFor(async () => expect((await account(app, second)).sessions).toHaveLength(2), {
    timeout: 20_000,
  })
  await vi.waitFor(async () => expect((await account(app, admin)).sessions).toHaveLength(1), {
    timeout: 20_000,
  })
  const ended = await post(app, '/api/portal/records/end-session', { token: second, others: true })
  expect(ended.json().data).toEqual({ ended: 1 })
  expect((await post(app, '/api/mdm/v2/device/list', { token: first })).statusCode).toBe(401)
  expect((await post(app, '/api/mdm/v2/device/list', { token: admin })).statusCode).toBe(200)
  const before = await account(app, admin)
  expect(before.sessions).toHaveLength(1)
  expect(await mine()).toBe(1)
  await deleteUser()
  // Records are written in order: once a lock sent after the deletion shows, it was carried out.
  await lock()
  await vi.waitFor(async () => expect(await mine()).toBe(2), { timeout: 20_000 })
  expect(await account(app, admin)).toEqual(before)
}

describe('an account is its tenant, type and address together', { timeout: 90_000 }, () => {
  test('embedded: a user invited with the administrator’s address touches only its own', async () => {
    const app = await embeddedPortal()
    const world = { 'x-mdm-world': 'same-address' }
    const call = (path: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/mdm/v2/${path}`,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json', ...world },
      })
    const login = async (fields: object) => {
      const answer = await call('user/login', { type: 'basic', ...fields })
      const token: unknown = answer.json().token
      if (typeof token !== 'string') throw new Error(answer.body)
      return token
    }
    const admin = await login(DEMO.admin)
    const created = await call('user/create', { token: admin, email: DEMO.admin.username })
    expect(created.json().success, created.body).toBe(true)
    const sid: string = created.json().data.sid
    const mails = (await app.inject({ url: '/outbox.json', headers: world })).json()
    const link = new URL(mails[0].links[0])
    const reset = await call('user/resetpassword', {
      token: link.searchParams.get('token'),
      newpassword: 'Same-Address-1',
      confirmnewpassword: 'Same-Address-1',
    })
    expect(reset.json().success, reset.body).toBe(true)
    const asUser = { usertype: 'user', username: DEMO.admin.username, password: 'Same-Address-1' }
    const inWorld = (path: string, token: string, extra: object = {}) =>
      call(path, { token, ...extra })
    await userWithAdminAddress(
      appInWorld(app, world),
      admin,
      () => login(asUser),
      async () => {
        await inWorld('user/info', admin, { sid })
        expect((await inWorld('user/delete', admin, { sid })).json().success).toBe(true)
      },
      async () => {
        await inWorld('device/lockscreen', admin, { clientid: DEVICE_IDS.benGalaxy })
      },
    )
  })

  test('proxied: the same, against a service that keeps users and administrators apart', async () => {
    const app = appInWorld(await proxiedPortal(), { 'x-mdm-world': 'same-address' })
    const address = 'demo-same@example.com'
    const admin = await signIn(app, { usertype: 'admin', username: address })
    await userWithAdminAddress(
      app,
      admin,
      () => signIn(app, { usertype: 'user', username: address }),
      async () => {
        const sid = 'demo-same-user'
        await post(app, '/api/mdm/v2/user/info', { token: admin, sid, email: address })
        const deleted = await post(app, '/api/mdm/v2/user/delete', { token: admin, sid })
        expect(deleted.json().success).toBe(true)
      },
      async () => {
        await post(app, '/api/mdm/v2/device/lockscreen', { token: admin, clientid: 'demo-phone' })
      },
    )
  })
})

/** The portal as seen from one test world: every request carries its header. */
function appInWorld(app: FastifyInstance, world: Record<string, string>): FastifyInstance {
  return new Proxy(app, {
    get(target, name, receiver) {
      if (name !== 'inject') return Reflect.get(target, name, receiver)
      return (options: { headers?: Record<string, string> }) =>
        target.inject({ ...options, headers: { ...options.headers, ...world } })
    },
  })
}

const auditorLogin = { username: 'auditor@example.com', password: 'Auditor-Demo-1' }

/**
 * A stand-in service with two tenants: each token sees the devices of its own tenant (by the
 * account it was given to), and each user the account named.
 */
const tenantOf = (address: string) => (address.startsWith('lab') ? 'lab' : 'demo')
const tokens = new Map<string, { account: string; usertype: string }>()
const bodyOf = (request: { body: unknown }) =>
  JSON.parse(String(request.body)) as Record<string, string>
const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
const refused = { success: false, errorcode: '01100001', errormessage: 'No', tokenstatus: null }
const service = keep(
  await startFakeService({
    '/api/mdm/v2/user/login': (request, reply) => {
      const { username = '', usertype = 'user' } = bodyOf(request)
      const token = `token-${tokens.size + 1}`
      tokens.set(token, { account: username.toLowerCase(), usertype })
      return reply.send({ ...envelope, token })
    },
    '/api/mdm/v2/device/info': (request, reply) => {
      const { token = '', clientid = '' } = bodyOf(request)
      const caller = tokens.get(token)
      if (!caller || !clientid.startsWith(tenantOf(caller.account))) return reply.send(refused)
      return reply.send({
        ...envelope,
        deviceinfo: { clientid, displayname: clientid, usersid: `${clientid}-owner`, actions: {} },
      })
    },
    '/api/mdm/v2/user/info': (request, reply) => {
      const { token = '', sid } = bodyOf(request)
      const caller = tokens.get(token)
      if (!caller) return reply.send(refused)
      if (sid && !sid.startsWith(tenantOf(caller.account))) return reply.send(refused)
      // The user a help desk asks for has the address the test names in the request.
      const email = bodyOf(request).email ?? caller.account
      return reply.send({ ...envelope, userinfo: { sid: sid ?? `${caller.account}-sid`, email } })
    },
    '/api/mdm/v2/user/delete': (_request, reply) => reply.send(envelope),
    '/api/mdm/v2/device/lockscreen': (_request, reply) => reply.send(envelope),
    '/api/mdm/v2/device/list': (_request, reply) => reply.send({ ...envelope, data: [] }),
  }),
)
