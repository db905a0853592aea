import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'

/**
 * The Redis (or Valkey) that several portal instances share, for the rate limits and the
 * signed-out tokens. Every command fails fast while the store is away (no queue, a short
 * timeout), so a store that is down slows no request: the callers then go on without it.
 */
export function sharedStore(app: FastifyInstance, url: string | null): Redis | null {
  if (!url) return null
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2_000,
    // Keeps trying to come back, at most every two seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  })
  let down = false
  redis.on('error', (error: Error) => {
    if (down) return
    down = true
    app.log.warn(
      { err: { message: error.message } },
      'the shared store (RATE_LIMIT_REDIS_URL) cannot be reached: limits and sign-outs hold on this instance only',
    )
  })
  redis.on('ready', () => {
    if (!down) return
    down = false
    app.log.info('the shared store is back')
  })
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
  app.addHook('onClose', async () => {
    redis.disconnect()
  })
  return redis
}
