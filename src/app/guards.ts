import { redirect, type MiddlewareFunction } from 'react-router'
import { paths, routes, safeReturnPath } from '@/lib/paths'
import { session, type SessionRole } from '@/lib/session'

/**
 * Each signed-in area belongs to one role: an administrator never sees the employee pages as
 * their own (every device of the tenant as "my devices"), an employee never the help desk. Run
 * before any loader, so no request leaves for an area the session cannot enter. A new tab first
 * asks the open tabs for their session; the way back is kept unless the user signed out.
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

/**
 * An area's home (`/`, `/admin`) leads to the session's first screen, or to sign-in at once: a
 * typed address gets a form without waiting for the open tabs; a session one hands over leads on.
 */
export function homeLoader(): never {
  if (session.isSignedIn()) throw redirect(safeReturnPath(null, session.getRole()))
  void session.join()
  throw redirect(paths.login())
}

/**
 * Sign-in and forgot-password send a signed-in user on, to where sign-in would lead. A password
 * link opens even so: it is for the account it was sent to, which may not be this session's.
 */
export const redirectSignedIn: MiddlewareFunction = ({ request }) => {
  if (!session.isSignedIn()) return
  const { pathname, searchParams } = new URL(request.url)
  if (pathname === routes.resetPassword) return
  throw redirect(safeReturnPath(searchParams.get('from'), session.getRole()))
}
