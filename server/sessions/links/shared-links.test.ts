import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../../app.ts'
import { LINK_LIFETIME_MS } from './one-time-link-store.ts'
import {
  makeDist,
  recordsReachable,
  startFakeService,
  testConfig,
} from '../../testing/test-support.ts'
import { startPostgres, type RunningPostgres } from '../../testing/postgres-server.ts'
import { expectFullStoreRefuses } from '../../testing/link-limits.ts'
import { RecordStore } from '../records/record-store.ts'
import { sharedLinkStore } from './shared-links.ts'

/**
 * Behind a load balancer without sticky sessions the phone's download reaches any instance:
 * the one-time links live in the PostgreSQL the instances share.
 */
const dist = makeDist()
const service = await startFakeService({
  '/api/mdm/v2/user/info': (_request, reply) =>
    reply.send({ success: true, errorcode: null, errormessage: null, tokenstatus: null }),
  '/api/mdm/v2/user/mdmprofile': (_request, reply) =>
    reply
      .type('application/x-apple-aspen-config')
      .header('content-disposition', 'attachment; filename="enroll.mobileconfig"')
      .send('<plist>profile</plist>'),
})
let postgres: RunningPostgres
let store: RecordStore
const servers: FastifyInstance[] = []
const quietLog = () =>
  ({ error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() }) as unknown as FastifyBaseLogger

beforeAll(async () => {
  postgres = await startPostgres()
  store = new RecordStore({ url: postgres.url }, quietLog())
  await store.open()
}, 60_000)
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await store.close()
  await postgres.remove()
  await service.close()
  dist.remove()
})

async function instance() {
  const app = await buildServer(
    testConfig(dist.dir, {
      MDM_API_URL: service.url,
      PORTAL_RECORDS: '1',
      DATABASE_URL: postgres.url,
    }),
  )
  servers.push(app)
  await recordsReachable(app, { timeout: 20_000, interval: 100 })
  return app
}

const link = { method: 'GET', url: '/api/mdm/v2/user/mdmprofile', headers: {} } as const

describe('one-time links in the shared PostgreSQL', { timeout: 60_000 }, () => {
  test('a link made on one instance is opened on the other, once', async () => {
    const [a, b] = await Promise.all([instance(), instance()])
    const made = await a.inject({
      method: 'POST',
      url: '/api/portal/links',
      payload: { path: 'user/mdmprofile', body: { mdmtype: 'apple', token: 'anna-session' } },
    })
    expect(made.statusCode).toBe(200)
    const url = (made.json() as { url: string }).url
    // A link preview asking the other instance leaves the link for the phone.
    expect((await b.inject({ method: 'HEAD', url })).statusCode).toBe(200)
    const preview = await b.inject({ url, headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } })
    expect(preview.statusCode).toBe(200)

    const opened = await b.inject({ url })
    expect(opened.statusCode).toBe(200)
    expect(opened.headers['content-type']).toBe('application/x-apple-aspen-config')
    expect(opened.body).toBe('<plist>profile</plist>')
    for (const app of [a, b]) expect((await app.inject({ url })).statusCode).toBe(410)
  })

  test('the table holds neither the token nor the link’s id', async () => {
    const shared = sharedLinkStore(store, quietLog())
    const id = await shared.put(
      { ...link, method: 'POST', body: '{}', token: 'secret-token' },
      'secret-token',
    )
    expect(id).not.toBeNull()
    const rows = await store.read((db) => sql`select * from portal_links`.execute(db))
    const text = JSON.stringify(rows.rows)
    expect(text).not.toContain('secret-token')
    expect(text).not.toContain(id)
    expect(await shared.take(id ?? '')).toMatchObject({ token: 'secret-token' })
  })

  test("a full store refuses new links instead of pushing out others' links", async () => {
    await store.read((db) => sql`delete from portal_links`.execute(db))
    await expectFullStoreRefuses(
      sharedLinkStore(store, quietLog(), Date.now, { total: 3, perToken: 2 }),
    )
  })

  test('a link expires after a few minutes', async () => {
    let now = Date.now()
    const shared = sharedLinkStore(store, quietLog(), () => now)
    const id = await shared.put(link, 't')
    expect(await shared.has(id ?? '')).toBe(true)
    now += LINK_LIFETIME_MS
    expect(await shared.has(id ?? '')).toBe(false)
    expect(await shared.take(id ?? '')).toBeNull()
  })

  test('with the database away, links live in this instance’s memory', async () => {
    const shared = sharedLinkStore(store, quietLog())
    await postgres.stop()
    try {
      const id = await shared.put(link, 'anna-token')
      expect(id).not.toBeNull()
      expect(await shared.take(id ?? '')).toMatchObject({ url: link.url })
      expect(await shared.take(id ?? '')).toBeNull()
    } finally {
      await postgres.start()
    }
  })
})
