import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from './schema.ts'

export type RecordWrite = (db: Kysely<Database>) => Promise<unknown>

/** What the metrics show of the queue. */
interface QueueCounts {
  queued: number
  written: number
  dropped: number
  /** The store's last write failed: records wait in memory until it takes them again. */
  failing: boolean
}

const RETRY_MS = 2_000

/** Whether the store answers at all, and whether it takes a write (a full disk answers reads). */
interface StoreProbes {
  reachable: () => Promise<boolean>
  writable: () => Promise<boolean>
}

/**
 * Records wait here, in order, for the store: a command never waits for its record. While the
 * store is slow, down or cannot write they stay in memory up to `limit`, and the queue says it
 * is failing; what does not fit is dropped, counted, and logged once per outage. A record is
 * dropped for its own fault only: when the store takes other writes and not this one, twice.
 */
export class RecordQueue {
  private readonly pending: RecordWrite[] = []
  private db: Kysely<Database> | null = null
  private flushing: Promise<void> | null = null
  private retry: NodeJS.Timeout | null = null
  private dropLogged = false
  private failLogged = false
  written = 0
  dropped = 0
  failing = false

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly limit: number,
    private readonly probes: StoreProbes,
  ) {}

  counts(): QueueCounts {
    return {
      queued: this.pending.length,
      written: this.written,
      dropped: this.dropped,
      failing: this.failing,
    }
  }

  /** Whether a record added now would be kept: there is room, and the store is not failing. */
  canKeep(): boolean {
    return !this.failing && this.pending.length < this.limit
  }

  /** The store is open: what waited is written now. */
  attach(db: Kysely<Database>) {
    this.db = db
    void this.flush()
  }

  /** The store could not be opened. */
  failed() {
    this.failing = true
  }

  add(write: RecordWrite) {
    if (this.pending.length >= this.limit) {
      this.dropped += 1
      if (!this.dropLogged) {
        this.dropLogged = true
        this.log.error(
          { limit: this.limit },
          'the records store is away and its queue is full: new records are dropped until it is back',
        )
      }
      return
    }
    this.pending.push(write)
    void this.flush()
  }

  /** Settles once everything queued so far is written (or the store proved away). */
  flush(): Promise<void> {
    // A flush under way may have looked at the queue for the last time already: what was added
    // since is written by the next one.
    if (this.flushing) return this.flushing.then(() => this.flushAgain())
    this.flushing = this.writeAll().finally(() => (this.flushing = null))
    return this.flushing
  }

  private flushAgain(): Promise<void> {
    return this.pending.length > 0 && !this.retry ? this.flush() : Promise.resolve()
  }

  private async writeAll() {
    const db = this.db
    if (!db) return
    let tries = 0
    while (this.pending.length > 0) {
      const write = this.pending[0]!
      tries += 1
      try {
        await write(db)
        this.pending.shift()
        this.written += 1
        this.failing = false
        tries = 0
      } catch (error) {
        if ((await this.probes.reachable()) && (await this.probes.writable())) {
          // The store takes other writes. Once, that is a store coming back (starting up, or a
          // connection that died with the old server): the record is tried again. Twice, the
          // record itself is wrong and would block all after it. (Text the store cannot hold is
          // made storable before, see `storable`.)
          if (tries < 2) continue
          tries = 0
          this.pending.shift()
          this.dropped += 1
          this.log.error({ err: error }, 'a record could not be written and was dropped')
          continue
        }
        this.failing = true
        if (!this.failLogged) {
          this.failLogged = true
          this.log.error({ err: error }, 'the records store fails: records wait in memory')
        }
        this.retryLater()
        return
      }
    }
    this.failLogged = false
    if (this.dropLogged) {
      this.log.warn({ dropped: this.dropped }, 'the records store is back')
      this.dropLogged = false
    }
  }

  private retryLater() {
    if (this.retry) return
    this.retry = setTimeout(() => {
      this.retry = null
      void this.flush()
    }, RETRY_MS)
    this.retry.unref()
  }

  stop() {
    if (this.retry) clearTimeout(this.retry)
    this.retry = null
  }
}
