import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../../app.ts'
import {
  makeDist,
  recordsReachable,
  startFakeService,
  testConfig,
} from '../../testing/test-support.ts'
import { startPostgres, type RunningPostgres } from '../../testing/postgres-server.ts'

/**
 * No change without its record: the record of a command is queued before the service gets it,
 * text the store cannot hold is made storable, and while the store fails a help desk change is
 * refused while an employee's own command goes through, its record waiting.
 */
const dist = makeDist()
const held: (() => void)[] = []
const locks: string[] = []
const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
const service = await startFakeService({
  '/api/mdm/v2/user/login': (request, reply) => {
    const { usertype } = JSON.parse(String(request.body)) as { usertype: string }
    return reply.send({ ...envelope, token: `${usertype}-token-${Math.random()}` })
  },
  // The portal files a sign-in under the account the service names for its new token.
  '/api/mdm/v2/user/info': (request, reply) => {
    const { token } = JSON.parse(String(request.body)) as { token: string }
    return reply.send({ ...envelope, userinfo: { email: `${token.split('-')[0]}@example.com` } })
  },
  '/api/mdm/v2/device/info': (_request, reply) =>
    reply.send({ ...envelope, deviceinfo: { clientid: 'phone-1', actions: {} } }),
  '/api/mdm/v2/device/lockscreen': async (request, reply) => {
    const body = String(request.body)
    locks.push(body)
    // A command marked "hold" is answered only when the test lets it.
    if (body.includes('hold')) await new Promise<void>((resolve) => held.push(resolve))
    return reply.send(envelope)
  },
})
let postgres: RunningPostgres
let app: FastifyInstance

beforeAll(async () => {
  postgres = await startPostgres()
  app = await buildServer(
    testConfig(dist.dir, {
      MDM_API_URL: service.url,
      PORTAL_RECORDS: '1',
      DATABASE_URL: postgres.url,
    }),
  )
  await recordsReachable(app, { timeout: 30_000, interval: 100 })
}, 60_000)
afterAll(async () => {
  await app.close()
  await postgres.remove()
  await service.close()
  dist.remove()
})

const post = (url: string, payload: object, language = 'en') =>
  app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'accept-language': language },
  })

async function signIn(usertype: 'user' | 'admin') {
  const answer = await post('/api/mdm/v2/user/login', {
    type: 'basic',
    usertype,
    username: `${usertype}@example.com`,
    password: 'x',
  })
  return answer.json().token as string
}

const history = async (token: string) => {
  const answer = await post('/api/portal/records/device', { token, clientid: 'phone-1' })
  return (answer.json().data?.activity ?? []) as { details: Record<string, string> }[]
}

/** A record reaches the store through its queue: on a busy machine, in more than vi's 1 s. */
const QUEUED = { timeout: 20_000, interval: 100 }

describe('no change without its record', { timeout: 60_000 }, () => {
  test('the record of a command is kept before the service has answered it', async () => {
    const token = await signIn('user')
    const sent = post('/api/mdm/v2/device/lockscreen', {
      token,
      clientid: 'phone-1',
      message: 'hold until recorded',
    })
    await vi.waitFor(() => expect(held).toHaveLength(1), QUEUED)
    // The service holds the command; its record is already in the store.
    await vi.waitFor(
      async () =>
        expect((await history(token)).map((row) => row.details.message)).toContain(
          'hold until recorded',
        ),
      QUEUED,
    )
    held.shift()!()
    expect((await sent).json().success).toBe(true)
  })

  test('a NUL or half a surrogate pair in a message is recorded, made storable', async () => {
    const token = await signIn('user')
    const sent = await post('/api/mdm/v2/device/lockscreen', {
      token,
      clientid: 'phone-1',
      message: 'Call\u0000me \uD800',
    })
    expect(sent.json().success).toBe(true)
    await vi.waitFor(
      async () =>
        expect((await history(token)).map((row) => row.details.message)).toContain(
          'Call\uFFFDme \uFFFD',
        ),
      QUEUED,
    )
  })

  test('while the store fails, a help desk change is refused and an employee’s goes through', async () => {
    const user = await signIn('user')
    const admin = await signIn('admin')
    await vi.waitFor(async () => expect(await history(admin)).not.toHaveLength(0), QUEUED)
    await postgres.stop()
    const lock = (token: string, message: string, language?: string) =>
      post('/api/mdm/v2/device/lockscreen', { token, clientid: 'phone-1', message }, language)
    const before = locks.length
    expect((await lock(user, 'lost phone, first')).json().success).toBe(true)
    await vi.waitFor(
      async () => {
        const health = (await app.inject({ url: '/healthz' })).json()
        expect(health).toMatchObject({ status: 'degraded', recordWrites: 'failing' })
      },
      { timeout: 20_000, interval: 200 },
    )
    const refused = await lock(admin, 'from the help desk', 'de')
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toMatchObject({
      success: false,
      errormessage: expect.stringContaining('Aufzeichnung gerade nicht speichern'),
    })
    expect((await lock(user, 'lost phone, again')).json().success).toBe(true)
    // The service got both of the employee's locks and not the help desk's.
    expect(locks.slice(before).map((body) => JSON.parse(body).message)).toEqual([
      'lost phone, first',
      'lost phone, again',
    ])
    await postgres.start()
    await vi.waitFor(
      async () => {
        const messages = (await history(user)).map((row) => row.details.message)
        expect(messages).toEqual(expect.arrayContaining(['lost phone, first', 'lost phone, again']))
      },
      { timeout: 30_000, interval: 250 },
    )
    // The queue's count goes down once the write that shows a record has ended, a moment later.
    await vi.waitFor(
      async () => {
        const health = (await app.inject({ url: '/healthz' })).json()
        expect(health).toMatchObject({ status: 'ok', recordWrites: 'ok', recordsQueued: 0 })
      },
      { timeout: 30_000, interval: 250 },
    )
  })
})
