import { createHash } from 'node:crypto'

/** How long the service's answer about a user or device stands for the viewer who asked. */
export const CHECK_TTL_MS = 5_000
/** How many answers are kept at most, the oldest dropped first. */
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
 * devices. An answer is the viewer's alone (its session, its token, its test world): never used
 * for another. A token the service no longer takes is never kept: it is asked again.
 */
export class ViewerChecks {
  private readonly answers = new Map<string, { allowed: boolean; until: number }>()

  constructor(
    private readonly ttlMs = CHECK_TTL_MS,
    private readonly limit = CHECK_LIMIT,
  ) {}

  static key(viewer: CheckViewer, path: string, value: string): string {
    // The token is kept as its hash only: this memory holds no credentials.
    const token = createHash('sha256').update(viewer.token).digest('base64url')
    return JSON.stringify([viewer.sessionId, token, viewer.world, path, value])
  }

  get(key: string, now = Date.now()): boolean | undefined {
    const answer = this.answers.get(key)
    if (!answer) return undefined
    if (answer.until > now) return answer.allowed
    this.answers.delete(key)
    return undefined
  }

  set(key: string, allowed: boolean, now = Date.now()) {
    this.answers.delete(key)
    this.answers.set(key, { allowed, until: now + this.ttlMs })
    while (this.answers.size > this.limit) {
      this.answers.delete(this.answers.keys().next().value!)
    }
  }

  get size() {
    return this.answers.size
  }
}
