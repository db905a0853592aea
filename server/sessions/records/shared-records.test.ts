import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { postgresAndPortals } from '../../testing/postgres-portals.ts'
import { startFakeService } from '../../testing/test-support.ts'

/** Several portal instances behind one load balancer share one PostgreSQL for their records. */
let issued = 0
const commands: string[] = []
const service = await startFakeService({
  '/api/mdm/v2/user/login': (_request, reply) =>
    reply.send({ success: true, errorcode: null, token: `service-token-${++issued}` }),
  '/api/mdm/v2/device/list': (_request, reply) => reply.send({ success: true, data: [] }),
  // The portal's own routes ask whether the service still takes a token.
  '/api/mdm/v2/user/info': (_request, reply) =>
    reply.send({ success: true, userinfo: { sid: 'S-9', email: 'anna@example.com' } }),
  '/api/mdm/v2/device/info': (_request, reply) =>
    reply.send({
      success: true,
      deviceinfo: { clientid: 'phone-1', displayname: 'Work phone', usersid: 'S-9', actions: {} },
    }),
  '/api/mdm/v2/device/lockscreen': (request, reply) => {
    commands.push(String(request.body))
    return reply.send({ success: true, errorcode: null, errormessage: null, tokenstatus: null })
  },
})
// Closed once the portals that call it are.
afterAll(() => service.close())
const onPostgres = postgresAndPortals()

const instance = () =>
  onPostgres.portal({ MDM_API_URL: service.url, DATABASE_URL: onPostgres.postgres.url })

const post = (app: FastifyInstance, url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'user-agent': 'Mozilla/5.0 Firefox/141.0' },
  })

async function signIn(app: FastifyInstance) {
  const answer = await post(app, '/api/mdm/v2/user/login', {
    type: 'basic',
    usertype: 'user',
    username: 'Anna@Example.com',
    password: 'x',
  })
  return answer.json().token as string
}

describe('two instances on one PostgreSQL', { timeout: 60_000 }, () => {
  let a: FastifyInstance
  let b: FastifyInstance
  beforeAll(async () => {
    ;[a, b] = await Promise.all([instance(), instance()])
  }, 60_000)

  test('see the same history and end each other’s sessions', async () => {
    const onA = await signIn(a)
    const onB = await signIn(b)
    await post(a, '/api/mdm/v2/device/info', { token: onA, clientid: 'phone-1' })
    await post(a, '/api/mdm/v2/device/lockscreen', { token: onA, clientid: 'phone-1' })
    await vi.waitFor(
      async () => {
        const seen = await post(b, '/api/portal/records/device', {
          token: onB,
          clientid: 'phone-1',
        })
        expect(seen.json().data.activity).toEqual([
          expect.objectContaining({ action: 'lock', byYou: true, deviceName: 'Work phone' }),
        ])
      },
      { timeout: 20_000 },
    )
    const account = (await post(b, '/api/portal/records/account', { token: onB })).json().data
    expect(account.sessions).toHaveLength(2)
    const ended = await post(b, '/api/portal/records/end-session', { token: onB, others: true })
    expect(ended.json().data).toEqual({ ended: 1 })
    expect((await post(a, '/api/mdm/v2/device/list', { token: onA })).statusCode).toBe(401)
    expect((await post(a, '/api/mdm/v2/device/list', { token: onB })).statusCode).toBe(200)
  })

  test('stopping PostgreSQL mid-run loses no command and no record', async () => {
    const token = await signIn(a)
    await vi.waitFor(
      async () => {
        const known = await post(a, '/api/portal/records/account', { token })
        expect(known.statusCode).toBe(200)
      },
      { timeout: 20_000 },
    )
    await onPostgres.postgres.stop()
    const before = commands.length
    for (let n = 0; n < 3; n++) {
      const started = Date.now()
      const sent = await post(a, '/api/mdm/v2/device/lockscreen', { token, clientid: 'phone-1' })
      expect(sent.json().success).toBe(true)
      // The command went out at once, not after the store's time-outs.
      expect(Date.now() - started).toBeLessThan(2_000)
    }
    expect(commands.length).toBe(before + 3)
    expect((await a.inject({ url: '/healthz' })).json().records).toBe('unreachable')
    await onPostgres.postgres.start()
    await vi.waitFor(
      async () => {
        const seen = await post(b, '/api/portal/records/device', { token, clientid: 'phone-1' })
        expect(seen.json().data?.activity).toHaveLength(4)
      },
      { timeout: 20_000, interval: 250 },
    )
  })
})
