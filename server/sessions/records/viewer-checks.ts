import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'

/** How long the service's answer about a user or device stands for the viewer who asked. */
export const CHECK_TTL_MS = 5_000
/** How many answers are kept at most, the least recently used dropped first. */
const CHECK_LIMIT = 5_000

/** Whose answer it is: the session and the very token the service was asked with. */
interface CheckViewer {
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
export function viewerChecks<V extends NonNullable<unknown> = boolean>(
  options: { ttlMs?: number; limit?: number; now?: () => number } = {},
) {
  const { ttlMs = CHECK_TTL_MS, limit = CHECK_LIMIT, now } = options
  return new LRUCache<string, V>({
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

/**
 * How long the user a viewer's refusals are kept with (the first the service lists for that
 * viewer, api-hooks.ts) stands: a help desk refused again and again asks for the list once, not
 * for each refusal (its first page may be hundreds of users). A user deleted through this portal
 * is dropped from it at once (`forgetWitness`).
 */
export const WITNESS_TTL_MS = 30_000

/** The user each viewer's refusals are kept with, by `viewerCheckKey(viewer, 'user/list', '')`. */
export function tenantWitnesses(options: { now?: () => number } = {}) {
  return viewerChecks<string>({ ttlMs: WITNESS_TTL_MS, ...options })
}

/** Drops a deleted user wherever it stood for a viewer's tenant. */
export function forgetWitness(witnesses: ReturnType<typeof tenantWitnesses>, sid: string) {
  const stale = [...witnesses.entries()].filter(([, witness]) => witness === sid)
  for (const [key] of stale) witnesses.delete(key)
}
