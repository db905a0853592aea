/**
 * A second chance for a session that the service refused as expired: a sign-in method that can
 * sign in again without the user (sign-in with Microsoft, through its refresh token) registers
 * here, and the API client asks it before it ends the session. Kept apart from session.ts, which
 * stays ignorant of how a session began.
 */
import { session } from './session'
import { singleFlight } from './single-flight'

/**
 * Signs in again without the user; the new access token, or null when that is not possible.
 * Once `signal` aborts, the revival was given up: whatever comes after is dropped, not kept.
 */
type SessionReviver = (signal: AbortSignal) => Promise<string | null>

/**
 * However a revival goes (the provider's code to load, the provider and then the service to
 * ask, 30 s each at most), every request of the page waits on it: after this long it is given
 * up and the session ends, so the user gets the sign-in page instead of a page loading forever.
 */
export const REVIVAL_TIMEOUT_MS = 60_000

let reviver: SessionReviver | null = null
const revival = singleFlight<boolean>()

export function setSessionReviver(next: SessionReviver | null): void {
  reviver = next
}

/** The reviver's new token, or null once the time is up (the reviver is told so). */
function tokenInTime(revive: SessionReviver): Promise<string | null> {
  const giveUp = new AbortController()
  return new Promise<string | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      giveUp.abort()
      resolve(null)
    }, REVIVAL_TIMEOUT_MS)
    revive(giveUp.signal)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer))
  })
}

/**
 * Tries once, however many answers were refused at the same time, to replace the refused token
 * with a new one. True when the session goes on with a new token.
 */
export function reviveSession(refused: string): Promise<boolean> {
  const revive = reviver
  if (!revive || session.getToken() !== refused) return Promise.resolve(false)
  return revival.run(() =>
    tokenInTime(revive).then(
      (token) => {
        if (!token || session.getToken() !== refused) return false
        session.replaceToken(token)
        return true
      },
      () => false,
    ),
  )
}
