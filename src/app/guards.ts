import { redirect, type MiddlewareFunction } from 'react-router'
import { paths, safeReturnPath } from '@/lib/paths'
import { session, type SessionRole } from '@/lib/session'

/**
 * Each signed-in area belongs to one role (an administrator's "my devices" would be the tenant's),
 * checked before any loader sends a request; a new tab first asks the open tabs for a session.
 */
export function requireRole(allowed: SessionRole): MiddlewareFunction {
  return async ({ request }) => {
    await session.join()
    const { token, role, ended } = session.getState()
    if (token && role === allowed) return
    if (token) throw redirect(safeReturnPath(null, role))
    const { pathname, search } = new URL(request.url)
    throw redirect(paths.login(ended === 'signedOut' ? undefined : pathname + search))
  }
}

/** An area's home: the session's first screen, else sign-in at once (a tab's session leads on). */
export function homeLoader(): never {
  if (session.isSignedIn()) throw redirect(safeReturnPath(null, session.getRole()))
  void session.join()
  throw redirect(paths.login())
}

/** Sign-in pages send a signed-in user on (a password link is for its account: not among them). */
export const redirectSignedIn: MiddlewareFunction = ({ request }) => {
  if (!session.isSignedIn()) return
  throw redirect(safeReturnPath(new URL(request.url).searchParams.get('from'), session.getRole()))
}
