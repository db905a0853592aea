import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { ActivityRecords } from './activity.ts'
import { openDatabase, type DatabaseLocation } from './database.ts'
import { startPostgres, type RunningPostgres } from '../../testing/postgres-server.ts'
import { withCluster } from '../../testing/test-support.ts'
import { RecordStore, RecordsUnavailable } from './record-store.ts'
import { SessionRecords, tokenHash } from './sessions.ts'
import { deviceOf } from './commands.ts'
import type { ActivityRow } from './schema.ts'

/** The same store, embedded (PGlite) and on a PostgreSQL server, passes the same tests. */
let postgres: RunningPostgres
const pgliteDir = mkdtempSync(join(tmpdir(), 'portal-store-'))
beforeAll(async () => {
  postgres = await startPostgres()
}, 60_000)
afterAll(async () => {
  await postgres.remove()
  rmSync(pgliteDir, { recursive: true, force: true })
})

function quietLog() {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() }
  return log as typeof log & FastifyBaseLogger
}

const facts = {
  account: 'anna@example.com',
  usertype: 'user' as const,
  tenant: '',
  method: 'password' as const,
  browser: 'Chrome 140',
  system: 'Windows 10',
  address: '203.0.113.0/24',
}

const where: Record<string, () => DatabaseLocation> = {
  PGlite: () => ({ dataDir: withCluster(pgliteDir) }),
  PostgreSQL: () => ({ url: postgres.url }),
}

describe.each(Object.keys(where))('the records on %s', (name) => {
  let store: RecordStore
  const log = quietLog()
  beforeAll(async () => {
    store = new RecordStore(where[name]!(), log)
    await store.open()
  }, 60_000)
  afterAll(async () => {
    await store.close()
  })
  afterEach(() => {
    expect(log.error).not.toHaveBeenCalled()
  })

  test('a sign-in starts a session its tokens are known by, renewals included', async () => {
    const sessions = new SessionRecords(store)
    sessions.signedIn(facts, `first-token-${name}`)
    await store.queue.flush()
    const session = await sessions.lookup(`first-token-${name}`)
    expect(session).toMatchObject({ account: 'anna@example.com', usertype: 'user', ended: false })
    sessions.renewed(session!, `second-token-${name}`)
    await store.queue.flush()
    expect((await new SessionRecords(store).lookup(`second-token-${name}`))?.id).toBe(session!.id)
    const stored = await store.read((db) =>
      db.selectFrom('portal_session_tokens').select('token_hash').execute(),
    )
    expect(stored.map((row) => row.token_hash)).toContain(tokenHash(`second-token-${name}`))
    expect(JSON.stringify(stored)).not.toContain('second-token')
  })

  test('a session ended here is ended for every reader of the store', async () => {
    const sessions = new SessionRecords(store)
    sessions.signedIn({ ...facts, account: 'ben@example.com' }, `ben-${name}`)
    await store.queue.flush()
    const session = await sessions.lookup(`ben-${name}`)
    expect(await sessions.end(session!, { id: session!.id })).toBe(1)
    expect((await new SessionRecords(store).lookup(`ben-${name}`))?.ended).toBe(true)
  })

  test('text the store cannot hold is recorded made storable, never dropped', async () => {
    const activity = new ActivityRecords(store)
    // As a request names it: made storable when read (commands.ts, deviceOf).
    const clientId = deviceOf({ clientid: `nul\u0000device-${name}` })!
    expect(clientId).toBe(`nul\uFFFDdevice-${name}`)
    activity.seenDevice('', clientId, { displayname: 'Phone\u0000', actions: {} }, new Date())
    activity.recordCommand({
      path: 'device/lockscreen',
      fields: { clientid: clientId, message: 'Call\u0000me \uD800', phonenumber: '\uDC00+49' },
      clientId,
      world: '',
      session: null,
      apiKey: false,
      status: 200,
      errorcode: null,
      success: true,
    })
    await store.queue.flush()
    const [kept] = await activity.list({ world: '', clientId, limit: 1 })
    expect(kept).toMatchObject({
      device_name: 'Phone\uFFFD',
      details: { message: 'Call\uFFFDme \uFFFD', phonenumber: '\uFFFD+49' },
    })
    expect(store.queue.counts()).toMatchObject({ dropped: 0, failing: false })
  })

  test('a command is recorded, and done once the device shows it no longer pending', async () => {
    const activity = new ActivityRecords(store)
    const clientId = `device-${name}`
    activity.seenDevice(
      '',
      clientId,
      { displayname: 'Anna’s iPhone', usersid: 'S-1', actions: {} },
      new Date(),
    )
    activity.recordCommand({
      path: 'device/lockscreen',
      fields: { clientid: clientId, message: 'Call me', macpin: '123456', token: 'secret' },
      clientId,
      world: '',
      session: null,
      apiKey: false,
      status: 200,
      errorcode: null,
      success: true,
    })
    await store.queue.flush()
    const [sent] = await activity.list({ world: '', clientId, limit: 20 })
    expect(sent).toMatchObject({
      action: 'lock',
      device_name: 'Anna’s iPhone',
      owner_sid: 'S-1',
      outcome: 'sent',
      details: { message: 'Call me' },
    })
    expect(JSON.stringify(sent)).not.toMatch(/123456|secret/)
    const pending = { lockscreen: { status: 1, visible: true } }
    activity.seenDevice(
      '',
      clientId,
      { displayname: 'Anna’s iPhone', actions: pending },
      new Date(),
    )
    await store.queue.flush()
    expect((await activity.list({ world: '', clientId, limit: 1 }))[0]?.outcome).toBe('sent')
    const idle = { lockscreen: { status: 0, visible: true } }
    activity.seenDevice('', clientId, { displayname: 'Anna’s iPhone', actions: idle }, new Date())
    await store.queue.flush()
    const [done] = await activity.list({ world: '', clientId, limit: 1 })
    expect(done?.outcome).toBe('done')
    expect(done?.done_at).toBeInstanceOf(Date)
  })

  test('the lost-mode message in force is one the service took, not one it never answered', async () => {
    const activity = new ActivityRecords(store)
    const clientId = `unanswered-${name}`
    const command = (message: string) => ({
      path: 'device/enablelostmode' as const,
      fields: { clientid: clientId, message },
      clientId,
      world: '',
      session: null,
      apiKey: false,
    })
    activity.recordCommand({ ...command('Taken'), status: 200, errorcode: null, success: true })
    await store.queue.flush()
    await new Promise((resolve) => setTimeout(resolve, 5))
    // Sent later, and the portal stopped before the service answered: the service may never
    // have had it, so the finder is not told it sees this one.
    activity.recordAttempt(command('Never answered'))
    await store.queue.flush()
    expect(await activity.lostModeMessage('', clientId)).toMatchObject({ message: 'Taken' })
  })

  test('records of the same moment keep one order at any cut: the one written last first', async () => {
    const activity = new ActivityRecords(store)
    const clientId = `same-moment-${name}`
    const at = new Date()
    const write = (id: string, when: Date, action = 'lostModeOn', client = clientId) =>
      store.write((db) =>
        db
          .insertInto('portal_activity')
          .values({
            id,
            at: when,
            account: 'admin@example.com',
            actor: 'helpdesk',
            session_id: null,
            client_id: client,
            device_name: null,
            owner_sid: null,
            action,
            details: JSON.stringify({ message: id }),
            answer_status: 200,
            answer_code: null,
            outcome: 'sent',
            done_at: null,
          })
          .execute(),
      )
    // Written one after the other, all but the first and the last at the same moment; their ids
    // sort neither way.
    const sameMoment = ['m-5', 'm-2', 'm-8', 'm-1', 'm-9', 'm-3', 'm-7']
    write('older', new Date(at.getTime() - 1000))
    for (const id of sameMoment) write(id, at)
    write('newer', new Date(at.getTime() + 1000))
    await store.queue.flush()
    const ids = async (limit: number) =>
      (await activity.list({ world: '', clientId, limit })).map((row) => row.id)
    const all = ['newer', ...sameMoment.toReversed(), 'older']
    expect(await ids(20)).toEqual(all)
    // Each cut through that moment keeps the newest of its records, as a longer list does.
    for (const limit of [2, 3, 4, 5, 6, 7]) expect(await ids(limit)).toEqual(all.slice(0, limit))
    // Read page by page, each after the last record of the one before: every record comes once,
    // in the same order, wherever a page cuts through that moment.
    const page = async (limit: number, after?: ActivityRow) =>
      activity.list({
        world: '',
        clientId,
        limit,
        ...(after ? { before: { at: after.at, seq: String(after.seq) } } : {}),
      })
    for (const limit of [1, 2, 3, 4]) {
      const read: string[] = []
      let last: ActivityRow | undefined
      for (let pages = 0; pages < all.length; pages += 1) {
        const rows = await page(limit, last)
        read.push(...rows.map((row) => row.id))
        last = rows.at(-1)
        if (rows.length < limit) break
      }
      expect(read).toEqual(all)
    }
    // Records written after the first page, at that moment and later, leave the next one as it was.
    const first = await page(3)
    expect(first.map((row) => row.id)).toEqual(all.slice(0, 3))
    write('m-later', at)
    write('newest', new Date(at.getTime() + 2000))
    await store.queue.flush()
    expect((await page(3, first.at(-1))).map((row) => row.id)).toEqual(all.slice(3, 6))
    // Lost mode turned on and off at the same moment: the one written last is in force.
    write('on', at, 'lostModeOn', `${clientId}-lost`)
    write('off', at, 'lostModeOff', `${clientId}-lost`)
    await store.queue.flush()
    expect(await activity.lostModeMessage('', `${clientId}-lost`)).toBeNull()
  })

  test('each test world of the reference API keeps its own activity and lost-mode message', async () => {
    const activity = new ActivityRecords(store)
    const clientId = `shared-${name}`
    const lostMode = (world: string, message: string) =>
      activity.recordCommand({
        path: 'device/enablelostmode',
        fields: { clientid: clientId, message },
        clientId,
        world,
        session: null,
        apiKey: false,
        status: 200,
        errorcode: null,
        success: true,
      })
    lostMode('a', 'From world a')
    lostMode('b', 'From world b')
    await store.queue.flush()
    expect(await activity.lostModeMessage('a', clientId)).toMatchObject({ message: 'From world a' })
    expect(await activity.lostModeMessage('', clientId)).toBeNull()
    const idle = { enablelostmode: { status: 0, visible: true } }
    activity.seenDevice('b', clientId, { actions: idle }, new Date(Date.now() + 1000))
    await store.queue.flush()
    const [inA] = await activity.list({ world: 'a', clientId, limit: 20 })
    const [inB] = await activity.list({ world: 'b', clientId, limit: 20 })
    expect([inA?.outcome, inB?.outcome]).toEqual(['sent', 'done'])
  })
})

describe('the queue while PostgreSQL is away', () => {
  test('records wait within the bound, the rest are counted and logged once', async () => {
    const log = quietLog()
    const store = new RecordStore({ url: postgres.url }, log, 3)
    await store.open()
    const activity = new ActivityRecords(store)
    await postgres.stop()
    const command = (n: number) =>
      activity.recordCommand({
        path: 'device/requestlocation',
        fields: { clientid: 'away' },
        clientId: 'away',
        world: '',
        session: null,
        apiKey: false,
        status: 200,
        errorcode: null,
        success: n >= 0,
      })
    for (let n = 0; n < 5; n++) command(n)
    expect(store.queue.counts()).toMatchObject({ queued: 3, dropped: 2 })
    expect(log.error).toHaveBeenCalledTimes(1)
    await postgres.start()
    await vi.waitFor(() => expect(store.queue.counts().queued).toBe(0), { timeout: 15_000 })
    expect((await activity.list({ world: '', clientId: 'away', limit: 10 })).length).toBe(3)
    expect(log.warn).toHaveBeenCalledWith({ dropped: 2 }, expect.stringMatching(/back/))
    await store.close()
  }, 120_000)
})

describe('a connection PostgreSQL ends while the portal holds it', () => {
  test('fails its next query only; the process and the other connections go on', async () => {
    const uncaught: unknown[] = []
    const catchUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', catchUncaught)
    const db = await openDatabase({ url: postgres.url })
    try {
      // Between two statements on a lent connection no query is running to take the error: a
      // server that shuts down (57P01) or an administrator ending the backend reaches the client.
      await db.connection().execute(async (lent) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(lent)
        const pid = rows[0]!.pid
        await sql`select pg_terminate_backend(${pid})`.execute(db)
        await vi.waitFor(
          async () => {
            const left = await sql`select 1 from pg_stat_activity where pid = ${pid}`.execute(db)
            expect(left.rows).toHaveLength(0)
          },
          { timeout: 20_000 },
        )
        // The server's last word on that connection reaches the client with no query running.
        await new Promise((resolve) => setTimeout(resolve, 200))
        await expect(sql`select 1`.execute(lent)).rejects.toThrow()
      })
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db)
      expect(rows).toEqual([{ one: 1 }])
      expect(uncaught).toEqual([])
    } finally {
      process.off('uncaughtException', catchUncaught)
      await db.destroy()
    }
  })
})

describe('the embedded records folder', () => {
  let dataDir: string
  beforeEach(() => {
    // The cluster PGlite would make there, copied without the seconds it takes to make one
    // (test-support.ts): what these tests are about is who holds the folder.
    dataDir = withCluster(mkdtempSync(join(tmpdir(), 'portal-folder-')))
  })
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('is held by one portal: a second is told so, and opens it once the first has closed', async () => {
    const first = await openDatabase({ dataDir })
    await sql`create table kept (word text)`.execute(first)
    await sql`insert into kept values ('intact')`.execute(first)
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `The records folder ${join(dataDir, 'records')} is in use by another portal process.`,
    )
    await first.destroy()

    const second = await openDatabase({ dataDir })
    try {
      const { rows } = await sql<{ word: string }>`select word from kept`.execute(second)
      expect(rows).toEqual([{ word: 'intact' }])
    } finally {
      await second.destroy()
    }
  }, 120_000)

  test('held by a portal that ended without letting go, is taken over once its lock is stale', async () => {
    const lock = join(dataDir, 'records.lock')
    mkdirSync(lock)
    const longAgo = new Date(Date.now() - 5 * 60_000)
    utimesSync(lock, longAgo, longAgo)
    const db = await openDatabase({ dataDir })
    try {
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }])
    } finally {
      await db.destroy()
    }
  }, 120_000)

  test('whose lock is lost after all, is no longer written by this process', async () => {
    const db = await openDatabase({ dataDir })
    try {
      await sql`select 1`.execute(db)
      // As when another process took over a lock this one had let go stale.
      rmSync(join(dataDir, 'records.lock'), { recursive: true })
      await vi.waitFor(() => expect(sql`select 1`.execute(db)).rejects.toThrow(/closed/), {
        timeout: 15_000,
        interval: 500,
      })
    } finally {
      await db.destroy()
    }
  }, 120_000)

  test('while held, a second store logs why and answers reads as unavailable', async () => {
    const first = new RecordStore({ dataDir }, quietLog())
    await first.open()
    const log = quietLog()
    const second = new RecordStore({ dataDir }, log)
    await second.open()
    expect(log.error).toHaveBeenCalledWith(
      {
        err: expect.objectContaining({
          message: expect.stringMatching(/in use by another portal/),
        }),
      },
      expect.any(String),
    )
    await expect(second.read((db) => sql`select 1`.execute(db), 200)).rejects.toBeInstanceOf(
      RecordsUnavailable,
    )
    await second.close()
    await first.close()
  }, 120_000)
})
