import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from '../../app.ts'
import { redisLinkStore } from './redis-links.ts'
import { startRedis, type RunningRedis } from '../../testing/redis-server.ts'
import { expectFullStoreRefuses } from '../../testing/link-limits.ts'
import { sharedStore, type SharedStore } from '../shared-store.ts'
import { makeDist, startFakeService, testConfig } from '../../testing/test-support.ts'

/** With RATE_LIMIT_REDIS_URL the one-time links live in that Redis, which every instance shares. */
const dist = makeDist()
const service = await startFakeService({
  '/api/mdm/v2/user/info': (_request, reply) =>
    reply.send({ success: true, errorcode: null, errormessage: null, tokenstatus: null }),
  '/api/mdm/v2/user/mdmprofile': (_request, reply) =>
    reply.type('application/x-apple-aspen-config').send('<plist>profile</plist>'),
})
let redis: RunningRedis
let host: FastifyInstance
/** A store whose deadline only a Redis that has stopped misses, not a busy machine. */
let shared: SharedStore
/** The same Redis with the deadline requests have by default. */
let timely: SharedStore
const servers: FastifyInstance[] = []

beforeAll(async () => {
  redis = await startRedis()
  host = Fastify()
  shared = sharedStore(host, redis.url, 10_000)!
  timely = sharedStore(host, redis.url, 200)!
  await host.ready()
})
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await host.close()
  await redis.stop()
  await service.close()
  dist.remove()
})

async function instance() {
  const app = await buildServer(
    testConfig(dist.dir, {
      MDM_API_URL: service.url,
      RATE_LIMIT_REDIS_URL: redis.url,
      RATE_LIMIT_REDIS_DEADLINE_MS: '10000',
    }),
  )
  servers.push(app)
  await app.ready()
  return app
}

const link = { method: 'GET', url: '/api/mdm/v2/user/mdmprofile', headers: {} } as const

describe('one-time links in the shared Redis', () => {
  test('a link made on one instance is opened on the other, once', async () => {
    const [a, b] = await Promise.all([instance(), instance()])
    const made = await a.inject({
      method: 'POST',
      url: '/api/portal/links',
      payload: { path: 'user/mdmprofile', body: { mdmtype: 'apple', token: 'anna-session' } },
    })
    const url = (made.json() as { url: string }).url
    // What the store holds: neither the session's token nor the link's id.
    const keys = await shared.redis.keys('*')
    const values = await Promise.all(
      keys.map(async (key) =>
        (await shared.redis.type(key)) === 'string'
          ? await shared.redis.get(key)
          : JSON.stringify(await shared.redis.zrange(key, '0', '-1')),
      ),
    )
    const stored = JSON.stringify([keys, values])
    expect(stored).not.toContain('anna-session')
    expect(stored).not.toContain(url.split('/').at(-1))

    expect((await b.inject({ method: 'HEAD', url })).statusCode).toBe(200)
    const opened = await b.inject({ url })
    expect(opened.statusCode).toBe(200)
    expect(opened.body).toBe('<plist>profile</plist>')
    for (const app of [a, b]) expect((await app.inject({ url })).statusCode).toBe(410)
  })

  test("a full store refuses new links instead of pushing out others' links", async () => {
    await shared.redis.flushall()
    await expectFullStoreRefuses(
      redisLinkStore(shared, host.log, Date.now, { total: 3, perToken: 2 }),
    )
    // Taken links count no more: the store has room again.
    expect(await shared.redis.zcard('portal-link:all')).toBe(0)
  })

  test('with Redis away, links live in this instance’s memory', async () => {
    const store = redisLinkStore(timely, host.log)
    redis.pause()
    try {
      const id = await store.put(link, 'anna-token')
      expect(id).not.toBeNull()
      expect(await store.take(id ?? '')).toMatchObject({ url: link.url })
      expect(await store.take(id ?? '')).toBeNull()
    } finally {
      redis.resume()
    }
  })
})
