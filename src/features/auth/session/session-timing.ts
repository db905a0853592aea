import type { TokenTimes } from '@/lib/config'

/** How long before the end the warning shows, at most: time to finish a sentence and decide. */
export const WARNING_MS = 2 * 60_000
/** WCAG 2.2.1 asks for at least 20 seconds to answer a warning; short tokens get half their life. */
const MIN_WARNING_SHARE = 0.5

interface SessionMoments {
  /** From here on, activity on the page renews the token without asking. */
  renewFrom: number
  /** From here on, the warning shows. */
  warnAt: number
  expiresAt: number
}

/** The moments of a token issued at `issuedAt` (this tab's clock). */
export function sessionMoments(issuedAt: number, times: TokenTimes): SessionMoments {
  const expiresAt = issuedAt + times.lifetimeMs
  const warning = Math.min(WARNING_MS, times.lifetimeMs * MIN_WARNING_SHARE)
  const warnAt = expiresAt - warning
  return { renewFrom: Math.min(expiresAt - times.renewalWindowMs, warnAt), warnAt, expiresAt }
}

/**
 * The time left, as the warning says it: whole minutes while more than two are left, then
 * minutes and seconds, so the last two minutes are never rounded up ("2 minutes" with 65 s left).
 */
export function timeLeft(ms: number): { minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const minutes = Math.floor(total / 60)
  return { minutes, seconds: total > 120 ? 0 : total % 60 }
}
