import type { FastifyBaseLogger } from 'fastify'

/** Enough for every sign-out of a large tenant in a day; beyond it the oldest go first. */
const MAX_ENTRIES = 100_000

export interface ExpiringSetOptions {
  /** Where the one warning goes when the set is full. */
  log?: Pick<FastifyBaseLogger, 'warn'>
  maxEntries?: number
}

/**
 * Hashes that expire, all after the same time: in order of insertion they are in order of
 * expiry too, so only the expired ones at the front are ever looked at, never the whole list.
 */
export class ExpiringSet {
  private readonly entries = new Map<string, number>()
  private warned = false

  constructor(
    private readonly ttlMs: number,
    private readonly options: ExpiringSetOptions,
  ) {}

  get size(): number {
    return this.entries.size
  }

  add(hash: string, now: number): void {
    this.dropExpired(now)
    this.entries.delete(hash)
    const max = this.options.maxEntries ?? MAX_ENTRIES
    while (this.entries.size >= max) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
      if (!this.warned) {
        this.warned = true
        this.options.log?.warn(
          { maxEntries: max },
          'the list of signed-out tokens is full: the oldest sign-outs are forgotten early',
        )
      }
    }
    this.entries.set(hash, now + this.ttlMs)
  }

  has(hash: string, now: number): boolean {
    const until = this.entries.get(hash)
    return until !== undefined && until > now
  }

  /** The entry's remaining time, or 0. */
  remaining(hash: string, now: number): number {
    return Math.max(0, (this.entries.get(hash) ?? now) - now)
  }

  delete(hash: string): void {
    this.entries.delete(hash)
  }

  keys(): IterableIterator<string> {
    return this.entries.keys()
  }

  private dropExpired(now: number): void {
    for (const [hash, until] of this.entries) {
      if (until > now) return
      this.entries.delete(hash)
    }
  }
}
