/**
 * A second chance for a session that the service refused as expired: a sign-in method that can
 * sign in again without the user (sign-in with Microsoft, through its refresh token) registers
 * here, and the API client asks it before it ends the session. Kept apart from session.ts, which
 * stays ignorant of how a session began.
 */
import { session } from './session'
import { singleFlight } from './single-flight'

/** Signs in again without the user; the new access token, or null when that is not possible. */
export type SessionReviver = () => Promise<string | null>

let reviver: SessionReviver | null = null
const revival = singleFlight<boolean>()

export function setSessionReviver(next: SessionReviver | null): void {
  reviver = next
}

/**
 * Tries once, however many answers were refused at the same time, to replace the refused token
 * with a new one. True when the session goes on with a new token.
 */
export function reviveSession(refused: string): Promise<boolean> {
  const revive = reviver
  if (!revive || session.getToken() !== refused) return Promise.resolve(false)
  return revival.run(() =>
    revive().then(
      (token) => {
        if (!token || session.getToken() !== refused) return false
        session.replaceToken(token)
        return true
      },
      () => false,
    ),
  )
}
