import type { FastifyBaseLogger } from 'fastify'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { startPostgres, type RunningPostgres } from '../../testing/postgres-server.ts'
import { RecordStore, RecordsUnavailable } from './record-store.ts'
import { SessionRecords } from './sessions.ts'

/**
 * A PostgreSQL that hangs (its connections stay open, nothing comes back) costs one call its
 * deadline, not every call: the store is then away and reads fail at once until a probe finds
 * it back, as the shared Redis store does.
 */
let postgres: RunningPostgres
let relay: Server
let frozen = false
/** What the portal sent to the database while it hung. */
const sentWhileFrozen: string[] = []
const sockets: Socket[] = []

beforeAll(async () => {
  postgres = await startPostgres()
  const target = new URL(postgres.url)
  relay = createServer((client) => {
    const server = connect(Number(target.port), target.hostname)
    sockets.push(client, server)
    client.on('data', (chunk) => {
      if (frozen) return void sentWhileFrozen.push(chunk.toString('latin1'))
      server.write(chunk)
    })
    server.on('data', (chunk) => {
      if (!frozen) client.write(chunk)
    })
    client.on('error', () => server.destroy())
    server.on('error', () => client.destroy())
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
}, 60_000)
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  relay.close()
  await postgres.remove()
})

test('a hung PostgreSQL is waited for once, then skipped until it answers again', async () => {
  const address = relay.address()
  if (typeof address !== 'object' || !address) throw new Error('no relay')
  const url = new URL(postgres.url)
  url.host = `127.0.0.1:${address.port}`
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() }
  const store = new RecordStore({ url: url.toString() }, log as typeof log & FastifyBaseLogger)
  await store.open()
  const sessions = new SessionRecords(store)
  await vi.waitFor(async () => expect(await store.reachable()).toBe(true), { timeout: 20_000 })
  await sessions.lookup('a-token-before-the-hang')

  frozen = true
  const lookups = await Promise.all([1, 2, 3].map(() => sessions.lookup('a-token-in-the-hang')))
  for (let call = 0; call < 5; call++) await sessions.lookup(`another-token-${call}`)
  // Each lookup went on without the store (it knows no such token)…
  expect(lookups).toEqual([null, null, null])
  // …and only the first calls, before the store was known to hang, asked it at all.
  const asked = sentWhileFrozen.filter((text) => text.includes('portal_session_tokens'))
  expect(asked.length).toBeLessThanOrEqual(3)
  // Known to hang, the store is not waited for again, whatever deadline a read would allow.
  const patient = store.read((db) => db.selectFrom('portal_users').selectAll().execute(), 600_000)
  await expect(patient).rejects.toThrow(RecordsUnavailable)
  expect(sentWhileFrozen.filter((text) => text.includes('portal_users'))).toEqual([])
  expect(store.available).toBe(false)

  frozen = false
  for (const socket of sockets) socket.destroy()
  await vi.waitFor(() => expect(store.available).toBe(true), { timeout: 20_000, interval: 100 })
  expect(await store.reachable()).toBe(true)
  await store.close()
}, 60_000)
