import type { FastifyBaseLogger } from 'fastify'
import {
  LINK_LIMITS,
  linkStore,
  newLinkId,
  type LinkRequest,
  type LinkStore,
} from './one-time-link-store.ts'

/** The links in a store every instance shares (Redis or the records' database). */
export interface SharedLinks {
  /** Keeps the link under `id`: false when the limits refuse it; throws when the store is away. */
  put(id: string, link: LinkRequest, token: string): Promise<boolean>
  /** False also when the store cannot be reached. */
  has(id: string): Promise<boolean>
  /** The link, used up at once; null also when the store cannot be reached. */
  take(id: string): Promise<LinkRequest | null>
}

/**
 * The shared links, with this instance's memory behind them: while the shared store is away, new
 * links live in memory (with the same limits), and a link is looked for in both. The first
 * failure is logged; the next success makes the one after it worth logging again.
 */
export function withMemoryFallback(
  shared: SharedLinks,
  log: FastifyBaseLogger,
  storeName: string,
  now: () => number = Date.now,
  limits = LINK_LIMITS,
): LinkStore {
  const local = linkStore(now, limits)
  let warned = false
  return {
    async put(link, token) {
      const id = newLinkId()
      try {
        const stored = await shared.put(id, link, token)
        warned = false
        return stored ? id : null
      } catch (error) {
        if (!warned) {
          log.warn({ err: error }, `one-time links are kept in memory: the ${storeName} is away`)
        }
        warned = true
        return local.put(link, token)
      }
    },
    async has(id) {
      return (await local.has(id)) || shared.has(id)
    },
    async take(id) {
      return (await local.take(id)) ?? shared.take(id)
    },
  }
}
