import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from './schema.ts'

export type RecordWrite = (db: Kysely<Database>) => Promise<unknown>

/** What the metrics show of the queue. */
export interface QueueCounts {
  queued: number
  written: number
  dropped: number
}

const RETRY_MS = 2_000

/**
 * Records wait here, in order, for the store: a command never waits for its record. While the
 * store is slow or down they stay in memory up to `limit`; what does not fit is dropped, counted,
 * and logged once per outage.
 */
export class RecordQueue {
  private readonly pending: RecordWrite[] = []
  private db: Kysely<Database> | null = null
  private flushing: Promise<void> | null = null
  private retry: NodeJS.Timeout | null = null
  private dropLogged = false
  written = 0
  dropped = 0

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly limit: number,
    private readonly reachable: () => Promise<boolean>,
  ) {}

  counts(): QueueCounts {
    return { queued: this.pending.length, written: this.written, dropped: this.dropped }
  }

  /** The store is open: what waited is written now. */
  attach(db: Kysely<Database>) {
    this.db = db
    void this.flush()
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
    this.flushing ??= this.writeAll().finally(() => (this.flushing = null))
    return this.flushing
  }

  private async writeAll() {
    const db = this.db
    if (!db) return
    while (this.pending.length > 0) {
      const write = this.pending[0]!
      try {
        await write(db)
        this.pending.shift()
        this.written += 1
      } catch (error) {
        if (await this.reachable()) {
          // The store answers, so this record itself is wrong: it would block all after it.
          this.pending.shift()
          this.dropped += 1
          this.log.error({ err: error }, 'a record could not be written and was dropped')
          continue
        }
        this.retryLater()
        return
      }
    }
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
