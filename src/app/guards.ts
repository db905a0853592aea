import { redirect, type MiddlewareFunction } from 'react-router'
import { paths, routes, safeReturnPath } from '@/lib/paths'
import { session, type SessionRole } from '@/lib/session'

/**
 * The one sign-in check. It runs as React Router middleware, before any route module's loader,
 * so no request leaves for an area the session cannot enter. A new tab first asks the open tabs
 * for their session (`session.join`), so it shows no sign-in page to a signed-in user.
 */
async function whereTo(allowed: SessionRole, address: URL): Promise<string | null> {
  await session.join()
  const { token, role, ended } = session.getState()
  if (token) return role === allowed ? null : safeReturnPath(null, role)
  // The way back is remembered, unless the user signed out on purpose.
  return paths.login(ended === 'signedOut' ? undefined : address.pathname + address.search)
}

/**
 * Each signed-in area belongs to one role: an administrator never sees the employee pages as
 * their own (they would list every device of the tenant as "my devices"), and an employee never
 * reaches the help desk.
 */
export function requireRole(allowed: SessionRole): MiddlewareFunction {
  return async ({ request }) => {
    const to = await whereTo(allowed, new URL(request.url))
    if (to) throw redirect(to)
  }
}

/**
 * An area's home (`/`, `/admin`) leads to the session's first screen, or to sign-in at once: a
 * visitor who typed the address gets a form that takes typing without waiting for the open tabs.
 * When one of them hands its session over, the change sends the guards round again and sign-in
 * leads on to the first screen.
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
  const from = searchParams.get('from')
  throw redirect(safeReturnPath(from, session.getRole()))
}
