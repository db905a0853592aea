import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'

/** How long the service's answer about a user or device stands for the viewer who asked. */
export const CHECK_TTL_MS = 5_000
/** How many answers are kept at most, the least recently used dropped first. */
export const CHECK_LIMIT = 5_000

/** Whose answer it is: the session and the very token the service was asked with. */
export interface CheckViewer {
  sessionId: string
  token: string
  world: string
}

/**
 * The service's answers to "may this viewer see that user or device" (`user/info`,
 * `device/info` with the viewer's own token), kept a few seconds: the users page reads the records
 * again and again while a change is awaited, and each read would ask about the same users and
 * devices. An answer is the viewer's alone (its key names its session, its token, its test world):
 * never used for another. A token the service no longer takes is never kept: it is asked again.
 */
export function viewerChecks(options: { ttlMs?: number; limit?: number; now?: () => number } = {}) {
  const { ttlMs = CHECK_TTL_MS, limit = CHECK_LIMIT, now } = options
  return new LRUCache<string, boolean>({
    max: limit,
    ttl: ttlMs,
    ttlResolution: 0,
    ...(now ? { perf: { now } } : {}),
  })
}

export function viewerCheckKey(viewer: CheckViewer, path: string, value: string): string {
  // The token is kept as its hash only: this memory holds no credentials.
  const token = createHash('sha256').update(viewer.token).digest('base64url')
  return JSON.stringify([viewer.sessionId, token, viewer.world, path, value])
}
