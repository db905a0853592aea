/**
 * Who signed in with the form in this tab: the e-mail address, and for an administrator the
 * tenant id they named. The header shows the tenant (the interface has no call that names it),
 * and after a session expires the sign-in form starts with the same address, so signing in
 * again is a password away. Signing out on purpose forgets it: the next person at this browser
 * starts with an empty form.
 *
 * Kept in sessionStorage like the session itself: this tab only, never localStorage.
 */
import { useMemo, useSyncExternalStore } from 'react'
import { session } from '@/lib/session'

interface SignedInAs {
  email: string
  admin: boolean
  /** Tenant id (`mtcid`) as typed at sign-in; blank when the administrator has one tenant. */
  tenant: string
}

const KEY = 'mdm.session.account'

function isSignedInAs(value: unknown): value is SignedInAs {
  if (typeof value !== 'object' || value === null) return false
  const { email, admin, tenant } = value as Record<string, unknown>
  return typeof email === 'string' && typeof admin === 'boolean' && typeof tenant === 'string'
}

function parse(stored: string | null): SignedInAs | null {
  try {
    const value: unknown = JSON.parse(stored ?? 'null')
    return isSignedInAs(value) ? value : null
  } catch {
    return null
  }
}

function stored(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function readSignedInAs(): SignedInAs | null {
  return parse(stored())
}

const noChanges = () => () => {}

/**
 * Who signed in, for a component: nobody while the page drawn on the server is taken over (the
 * server knows no tab's storage), then what this tab keeps, so the two renders agree.
 */
export function useSignedInAs(): SignedInAs | null {
  const value = useSyncExternalStore(noChanges, stored, () => null)
  return useMemo(() => parse(value), [value])
}

export function rememberSignedInAs(account: SignedInAs): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(account))
  } catch {
    // Without storage the form simply starts empty after an expiry.
  }
}

export function forgetSignedInAs(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing was kept.
  }
}

// Only an expiry keeps the address, for the way back in.
session.onEnd((reason) => {
  if (reason === 'signedOut') forgetSignedInAs()
})
