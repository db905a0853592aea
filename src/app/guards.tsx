import type { ReactNode } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import { paths, safeReturnPath } from '../lib/paths'
import { useSession } from '../lib/session'

/**
 * Wraps the signed-in area: without a session nothing inside renders, so no screen and no
 * request starts. The way back is remembered unless the user signed out on purpose.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { token, ended } = useSession()
  const { pathname, search } = useLocation()
  if (token) return children
  const from = ended === 'signedOut' ? undefined : pathname + search
  return <Navigate to={paths.login(from)} replace />
}

/** Sign-in, forgot and reset pages send a signed-in user on, to where sign-in would lead. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { token } = useSession()
  const [params] = useSearchParams()
  if (!token) return children
  return <Navigate to={safeReturnPath(params.get('from'))} replace />
}
