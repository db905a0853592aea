import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { openDatabase, type DatabaseLocation } from './database.ts'
import { RecordQueue, type RecordWrite } from './record-queue.ts'
import type { Database } from './schema.ts'

/** A read the store could not answer in time: the portal's route answers 503. */
export class RecordsUnavailable extends Error {}

const READ_TIMEOUT_MS = 3_000
const OPEN_RETRY_MS = 10_000
/** While the store is away, how often the portal asks whether it is back. */
const PROBE_INTERVAL_MS = 1_000
const PROBE_DEADLINE_MS = 1_000

/** An error the database answered (SQLSTATE): the store is there, the query was wrong. */
function answeredByStore(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RecordsUnavailable('timeout')), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * The portal's records: opened in the background at start (PGlite takes a few seconds, a
 * server may be away), written through a queue, read with a time limit.
 */
export class RecordStore {
  private db: Kysely<Database> | null = null
  private opening: Promise<void> | null = null
  private closed = false
  private retry: NodeJS.Timeout | null = null
  private away = false
  private probe: NodeJS.Timeout | null = null
  readonly queue: RecordQueue

  constructor(
    private readonly location: DatabaseLocation,
    private readonly log: FastifyBaseLogger,
    queueLimit = 10_000,
  ) {
    this.queue = new RecordQueue(log, queueLimit, {
      reachable: () => this.reachable(),
      writable: () => this.writable(),
    })
  }

  /** Starts opening; settles when open or when the first attempt failed. */
  open(): Promise<void> {
    if (this.closed) return Promise.resolve()
    this.opening ??= openDatabase(this.location).then(
      (db) => {
        if (this.closed) return void db.destroy()
        this.db = db
        this.queue.attach(db)
      },
      (error: unknown) => {
        this.opening = null
        this.queue.failed()
        this.log.error({ err: error }, 'the records store cannot be opened; retrying')
        if (this.closed) return
        this.retry = setTimeout(() => void this.open(), OPEN_RETRY_MS)
        this.retry.unref()
      },
    )
    return this.opening
  }

  write(write: RecordWrite) {
    this.queue.add(write)
  }

  /**
   * A query within its deadline. Once one misses it or the store does not answer, the store is
   * away: every read fails at once, adding no wait to any call, until a probe finds it back
   * (as the shared Redis store does).
   */
  async read<T>(query: (db: Kysely<Database>) => Promise<T>, ms = READ_TIMEOUT_MS): Promise<T> {
    if (this.away) throw new RecordsUnavailable('away')
    try {
      return await this.attempt(query, ms)
    } catch (error) {
      if (!answeredByStore((error as Error).cause)) this.lost()
      throw error
    }
  }

  private async attempt<T>(query: (db: Kysely<Database>) => Promise<T>, ms: number): Promise<T> {
    // Just after start a read waits for the store to open, within its time limit.
    if (!this.db && this.opening) await withTimeout(this.opening, ms).catch(() => undefined)
    const db = this.db
    if (!db) throw new RecordsUnavailable('not open')
    try {
      return await withTimeout(query(db), ms)
    } catch (error) {
      if (error instanceof RecordsUnavailable) throw error
      throw new RecordsUnavailable('failed', { cause: error })
    }
  }

  /** False while the store is known to be away. */
  get available(): boolean {
    return !this.away
  }

  private lost() {
    if (this.closed) return
    if (!this.away)
      this.log.warn('the records store does not answer: reads fail at once until it does')
    this.away = true
    this.probe ??= setInterval(() => {
      this.attempt((db) => sql`select 1`.execute(db), PROBE_DEADLINE_MS).then(
        () => this.back(),
        () => undefined,
      )
    }, PROBE_INTERVAL_MS)
    this.probe.unref()
  }

  private back() {
    if (this.probe) clearInterval(this.probe)
    this.probe = null
    if (!this.away) return
    this.away = false
    this.log.info('the records store answers again')
    void this.queue.flush()
  }

  async reachable(): Promise<boolean> {
    try {
      await this.read((db) => sql`select 1`.execute(db), 1_000)
      return true
    } catch {
      return false
    }
  }

  /** Whether the store takes a write: it may answer reads while every write fails (a full disk). */
  async writable(): Promise<boolean> {
    const at = new Date()
    try {
      await this.read(
        (db) =>
          db
            .insertInto('portal_health')
            .values({ id: 1, written_at: at })
            .onConflict((conflict) => conflict.column('id').doUpdateSet({ written_at: at }))
            .execute(),
        1_000,
      )
      return true
    } catch {
      return false
    }
  }

  async close() {
    this.closed = true
    if (this.retry) clearTimeout(this.retry)
    if (this.probe) clearInterval(this.probe)
    await this.opening
    await this.queue.flush().catch(() => undefined)
    this.queue.stop()
    await this.db?.destroy()
    this.db = null
  }
}
