import type { FastifyBaseLogger } from 'fastify'
import { rowOf, seal, unseal } from './one-time-link-seal.ts'
import { withMemoryFallback, type SharedLinks } from './fallback-links.ts'
import { LINK_LIFETIME_MS, LINK_LIMITS, ownerOf, type LinkStore } from './one-time-link-store.ts'
import type { SharedStore } from '../shared-store.ts'

const PREFIX = 'portal-link:'
/** Every live link's row, scored by when it expires: the count the total limit reads. */
const ALL = `${PREFIX}all`

/**
 * One script, so that two instances making links at once keep the limits: drops the expired
 * links, the session's oldest beyond its newest few, refuses when full, else stores the link.
 * KEYS: all links, the session's links, the link. ARGV: now, expiry, per session, total,
 * the link's row and its sealed request.
 */
const PUT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
local own = redis.call('ZRANGE', KEYS[2], 0, -1)
for i = 1, #own - (tonumber(ARGV[3]) - 1) do
  redis.call('DEL', '${PREFIX}' .. own[i])
  redis.call('ZREM', KEYS[2], own[i])
  redis.call('ZREM', KEYS[1], own[i])
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
local ttl = tonumber(ARGV[2]) - tonumber(ARGV[1])
redis.call('SET', KEYS[3], KEYS[2] .. ' ' .. ARGV[6], 'PX', ttl)
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ttl)
return 1`

/** Reads and deletes the link at once, so only one instance ever gets it. KEYS: all, the link. */
const TAKE = `
local value = redis.call('GET', KEYS[2])
if not value then return false end
redis.call('DEL', KEYS[2])
local owner, sealed = string.match(value, '^(%S+) (.+)$')
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', owner, ARGV[1])
return sealed`

/**
 * The one-time links in the Redis of `RATE_LIMIT_REDIS_URL`, shared by every instance, sealed
 * with their ids. Limits as in memory; Redis expires them after 5 minutes. While the store is
 * away, new links live in this instance's memory.
 */
export function redisLinkStore(
  store: SharedStore,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
  limits = LINK_LIMITS,
): LinkStore {
  const shared: SharedLinks = {
    async put(id, link, token) {
      const row = rowOf(id)
      const at = now()
      const args = [at, at + LINK_LIFETIME_MS, limits.perToken, limits.total, row, seal(id, link)]
      const keys = [ALL, `${PREFIX}owner:${ownerOf(token)}`, PREFIX + row]
      const stored = await store.attempt((redis) => redis.eval(PUT, 3, ...keys, ...args))
      if (!stored) throw new Error('Redis did not answer')
      return stored.value === 1
    },
    async has(id) {
      const found = await store.attempt((redis) => redis.exists(PREFIX + rowOf(id)))
      return found?.value === 1
    },
    async take(id) {
      const row = rowOf(id)
      const taken = await store.attempt((redis) => redis.eval(TAKE, 2, ALL, PREFIX + row, row))
      return typeof taken?.value === 'string' ? unseal(id, taken.value) : null
    },
  }
  return withMemoryFallback(shared, log, 'shared store', now, limits)
}
