import type { FastifyBaseLogger } from 'fastify'

/** More than every sign-out of a large tenant in a day: beyond it, one warning is logged. */
const WARN_ENTRIES = 100_000

export interface ExpiringSetOptions {
  /** Where the one warning goes when the set grows past `warnEntries`. */
  log?: Pick<FastifyBaseLogger, 'warn'>
  warnEntries?: number
}

/**
 * Hashes that expire, all after the same time: in order of insertion they are in order of
 * expiry too, so only the expired ones at the front are ever looked at, never the whole list.
 * Nothing leaves it before its time, however many come: a flood must never push out a token
 * that was signed out (what may enter is checked before, see `signOutRoutes`).
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
    this.entries.set(hash, now + this.ttlMs)
    const warnAt = this.options.warnEntries ?? WARN_ENTRIES
    if (this.entries.size > warnAt && !this.warned) {
      this.warned = true
      this.options.log?.warn(
        { entries: this.entries.size },
        'the list of signed-out tokens is unusually long; each is kept until it expires',
      )
    }
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
