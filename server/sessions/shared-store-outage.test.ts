import type { FastifyInstance } from 'fastify'
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../app.ts'
import { startRedis, type RunningRedis } from '../testing/redis-server.ts'
import { logCollector, makeDist, startFakeService, testConfig } from '../testing/test-support.ts'

/** A shared store that hangs or goes away, with a real Redis that the test freezes or stops. */
const dist = makeDist()
const service = await startFakeService({
  // The service knows the tokens the tests sign out: only such a sign-out is kept.
  '/api/mdm/v2/user/info': (_request, reply) => reply.send({ success: true, userinfo: {} }),
  '/api/mdm/v2/user/login': (_request, reply) => reply.send({ success: false }),
  '/api/mdm/v2/device/list': (_request, reply) => reply.send({ success: true, data: [] }),
})
let redis: RunningRedis
const servers: FastifyInstance[] = []

beforeEach(async () => {
  redis = await startRedis()
  return () => redis.stop()
})
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await service.close()
  dist.remove()
})

async function instance(env: Record<string, string> = {}) {
  const log = logCollector()
  const app = await buildServer(
    testConfig(dist.dir, {
      MDM_API_URL: service.url,
      RATE_LIMIT_REDIS_URL: redis.url,
      LOG_LEVEL: 'info',
      ...env,
    }),
    { logStream: log.stream },
  )
  await app.ready()
  servers.push(app)
  return { app, messages: () => log.parsed().map((line) => String(line.msg)) }
}

const login = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/mdm/v2/user/login',
    payload: { type: 'basic', usertype: 'user', username: 'anna@example.com', password: 'no' },
    remoteAddress: '203.0.113.60',
  })

const deviceList = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/mdm/v2/device/list', payload: { token } })

const STORE_AWAY = /shared store .* cannot be reached/

describe('a shared store that hangs', () => {
  test('slows no request: the portal stops waiting for it and counts on its own', async () => {
    const { app, messages } = await instance({ LOGIN_RATE_LIMIT: '2' })
    expect((await deviceList(app, 'token-before-the-hang')).statusCode).toBe(200)
    redis.pause()

    const started = performance.now()
    expect((await deviceList(app, 'token-during-the-hang')).statusCode).toBe(200)
    expect((await login(app)).statusCode).toBe(200)
    expect((await login(app)).statusCode).toBe(200)
    expect((await login(app)).statusCode).toBe(429)
    const elapsed = performance.now() - started
    // The store missed its deadline once, and was not asked again while it hung.
    expect(messages().filter((message) => STORE_AWAY.test(message))).toHaveLength(1)
    // Loosely: waiting out the store's command timeout on each call took several seconds.
    expect(elapsed).toBeLessThan(2_000)

    redis.resume()
    await vi.waitFor(() => expect(messages()).toContain('the shared store is back'), {
      timeout: 5_000,
      interval: 100,
    })
  }, 15_000)
})

describe('a shared store that is down', () => {
  test('a sign-out made meanwhile is written once the store is back', async () => {
    const first = await instance()
    const second = await instance()
    const token = 'token-signed-out-while-away'
    await redis.stop()

    const ended = await first.app.inject({
      method: 'POST',
      url: '/api/portal/sign-out',
      payload: { token },
    })
    expect(ended.statusCode).toBe(200)
    // This instance refuses the token at once; the other one cannot know yet.
    expect((await deviceList(first.app, token)).statusCode).toBe(401)
    expect((await deviceList(second.app, token)).statusCode).toBe(200)

    redis = await startRedis(redis.port)
    await vi.waitFor(
      async () => expect((await deviceList(second.app, token)).statusCode).toBe(401),
      { timeout: 10_000, interval: 200 },
    )
  }, 20_000)
})
