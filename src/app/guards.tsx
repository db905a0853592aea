import type { ReactNode } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import { paths, safeReturnPath } from '../lib/paths'
import { session, useSession, type SessionRole } from '../lib/session'

/**
 * Wraps a signed-in area: without a session nothing inside renders, so no screen and no
 * request starts. The way back is remembered unless the user signed out on purpose. Each area
 * belongs to one role: an administrator never sees the employee pages as their own (they would
 * list every device of the tenant as "my devices"), and an employee never reaches the help desk.
 */
function RequireRole({ allowed, children }: { allowed: SessionRole; children: ReactNode }) {
  const { token, ended } = useSession()
  const { pathname, search } = useLocation()
  if (token) {
    if (session.getRole() === allowed) return children
    return <Navigate to={safeReturnPath(null, session.getRole())} replace />
  }
  const from = ended === 'signedOut' ? undefined : pathname + search
  return <Navigate to={paths.login(from)} replace />
}

/** The employee area: the signed-in user's own devices, apps, enrollment and account. */
export function RequireSession({ children }: { children: ReactNode }) {
  return <RequireRole allowed="user">{children}</RequireRole>
}

/** The administrators' area (help desk): users and every device of the tenant. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return <RequireRole allowed="admin">{children}</RequireRole>
}

/** Sign-in, forgot and reset pages send a signed-in user on, to where sign-in would lead. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { token } = useSession()
  const [params] = useSearchParams()
  if (!token) return children
  return <Navigate to={safeReturnPath(params.get('from'), session.getRole())} replace />
}
