import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { startRedis, type RunningRedis } from '../testing/redis-server.ts'
import { makeDist, startFakeService, testConfig } from '../testing/test-support.ts'

/** Several portal instances behind one load balancer share one Redis. */
const dist = makeDist()
const service = await startFakeService({
  // The service knows the tokens the tests sign out: only such a sign-out is kept.
  '/api/mdm/v2/user/info': (_request, reply) => reply.send({ success: true, userinfo: {} }),
  '/api/mdm/v2/user/login': (_request, reply) => reply.send({ success: false }),
  '/api/mdm/v2/device/list': (_request, reply) => reply.send({ success: true, data: [] }),
})
let redis: RunningRedis
const servers: FastifyInstance[] = []

beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await redis.stop()
  await service.close()
  dist.remove()
})

async function instance(env: Record<string, string> = {}) {
  const app = await buildServer(
    testConfig(dist.dir, {
      MDM_API_URL: service.url,
      RATE_LIMIT_REDIS_URL: redis.url,
      // Only a store that is down misses it, not a busy machine: the deadline is not tested here.
      RATE_LIMIT_REDIS_DEADLINE_MS: '10000',
      ...env,
    }),
  )
  await app.ready()
  servers.push(app)
  return app
}

const login = (app: FastifyInstance, username = 'anna@example.com') =>
  app.inject({
    method: 'POST',
    url: '/api/mdm/v2/user/login',
    payload: { type: 'basic', usertype: 'user', username, password: 'wrong' },
    remoteAddress: '203.0.113.40',
  })

describe('with RATE_LIMIT_REDIS_URL', () => {
  test('the sign-in limit counts across instances', async () => {
    const first = await instance({ LOGIN_RATE_LIMIT: '2' })
    const second = await instance({ LOGIN_RATE_LIMIT: '2' })
    expect((await login(first)).statusCode).toBe(200)
    expect((await login(second)).statusCode).toBe(200)
    const refused = await login(first)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  test('a token signed out on one instance is refused by the other', async () => {
    const first = await instance()
    const second = await instance()
    const ended = await first.inject({
      method: 'POST',
      url: '/api/portal/sign-out',
      payload: { token: 'token-of-a-signed-out-user' },
    })
    expect(ended.json()).toMatchObject({ success: true })
    const before = service.seen.length
    const refused = await second.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token: 'token-of-a-signed-out-user' },
    })
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toMatchObject({ success: false, errorcode: '01900012' })
    expect(service.seen.length).toBe(before)
  })

  test('when the store goes down, the portal keeps serving and limits on its own', async () => {
    const app = await instance({ LOGIN_RATE_LIMIT: '2' })
    await redis.stop()
    const username = 'ben@example.com'
    expect((await login(app, username)).statusCode).toBe(200)
    expect((await login(app, username)).statusCode).toBe(200)
    expect((await login(app, username)).statusCode).toBe(429)
    const list = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token: 'some-token' },
    })
    expect(list.statusCode).toBe(200)
  })
})
