/**
 * Silent renewal for sessions that began with Microsoft: registered when the portal starts, it
 * loads the provider's library only when such a session has expired (see lib/session-revival).
 */
import { getConfig } from '@/lib/config'
import { session } from '@/lib/session'
import { setSessionReviver } from '@/lib/session-revival'

/** Where oidc-client-ts keeps the signed-in user of this tab (its key prefix). */
const USER_KEY_PREFIX = 'oidc.user:'

function storedUserKeys(): string[] {
  try {
    return Object.keys(sessionStorage).filter((key) => key.startsWith(USER_KEY_PREFIX))
  } catch {
    return []
  }
}

async function reviveMicrosoftSession(signal: AbortSignal): Promise<string | null> {
  if (!getConfig().microsoft || storedUserKeys().length === 0) return null
  const { renewSignIn } = await import('./oidc')
  return renewSignIn(signal)
}

export function setUpMicrosoftRenewal(): void {
  setSessionReviver(reviveMicrosoftSession)
  // A session that ended (sign-out here or in another tab, or expiry that could not be renewed)
  // takes its Microsoft sign-in with it, so nothing signs this tab in again by itself.
  session.onEnd(() => {
    for (const key of storedUserKeys()) sessionStorage.removeItem(key)
  })
}
