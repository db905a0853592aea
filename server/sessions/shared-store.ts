import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'

/** While the store is away, how often the portal asks whether it is back. */
const PROBE_INTERVAL_MS = 1_000

/**
 * The Redis (or Valkey) that several portal instances share, for the rate limits and the
 * signed-out tokens. A store that is down or hangs slows no request: every call has a short
 * deadline, and once one misses it (or the connection is gone) the callers go on without the
 * store, at once, until it answers again. `onReturn` listeners run each time it comes back.
 */
export class SharedStore {
  private away = false
  private probe: NodeJS.Timeout | null = null
  private readonly returnListeners = new Set<() => void>()

  constructor(
    readonly redis: Redis,
    private readonly app: FastifyInstance,
    /** How long a request waits for the store before it goes on without it. */
    private readonly deadlineMs: number,
  ) {
    redis.on('error', (error: Error) => this.lost(error.message))
    redis.on('ready', () => this.back())
  }

  /** False while the store is known to be away: callers then skip it without waiting. */
  get available(): boolean {
    return !this.away && this.redis.status === 'ready'
  }

  onReturn(listener: () => void): void {
    this.returnListeners.add(listener)
  }

  /** The command's result, or null when the store is away, fails or misses the deadline. */
  async attempt<T>(command: (redis: Redis) => Promise<T>): Promise<{ value: T } | null> {
    if (this.redis.status !== 'ready') {
      this.lost(`not connected (${this.redis.status})`)
      return null
    }
    if (this.away) return null
    let timer: NodeJS.Timeout | undefined
    // After a pause of the whole process, an answer that has arrived meanwhile is read first.
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => setImmediate(() => resolve('late')), this.deadlineMs)
    })
    try {
      const outcome = await Promise.race([
        command(this.redis).then((value) => ({ value })),
        deadline,
      ])
      if (outcome === 'late') {
        this.lost(`no answer within ${this.deadlineMs} ms`)
        return null
      }
      return outcome
    } catch (error) {
      this.lost(error instanceof Error ? error.message : String(error))
      return null
    } finally {
      clearTimeout(timer)
    }
  }

  private lost(reason: string): void {
    if (!this.away) {
      this.app.log.warn(
        { err: { message: reason } },
        'the shared store (RATE_LIMIT_REDIS_URL) cannot be reached: limits and sign-outs hold on this instance only',
      )
    }
    this.away = true
    // A hung store keeps its connection open: only a command that answers shows it is back.
    this.probe ??= setInterval(() => {
      if (this.redis.status !== 'ready') return
      this.redis
        .ping()
        .then(() => this.back())
        .catch(() => undefined)
    }, PROBE_INTERVAL_MS)
    this.probe.unref()
  }

  private back(): void {
    if (this.probe) clearInterval(this.probe)
    this.probe = null
    if (!this.away) return
    this.away = false
    this.app.log.info('the shared store is back')
    for (const listener of this.returnListeners) listener()
  }

  close(): void {
    if (this.probe) clearInterval(this.probe)
    this.redis.disconnect()
  }
}

/** The shared store of `RATE_LIMIT_REDIS_URL`, or null without one. */
export function sharedStore(
  app: FastifyInstance,
  url: string | null,
  deadlineMs: number,
): SharedStore | null {
  if (!url) return null
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    // Keeps trying to come back, at most every two seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  })
  const store = new SharedStore(redis, app, deadlineMs)
  // The first requests count too: start serving once connected, or after two seconds without.
  app.addHook('onReady', async () => {
    if (redis.status === 'ready') return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000)
      redis.once('ready', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  })
  app.addHook('onClose', async () => store.close())
  return store
}
