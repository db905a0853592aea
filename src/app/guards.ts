import { redirect, type MiddlewareFunction } from 'react-router'
import { paths, safeReturnPath } from '../lib/paths'
import { session } from '../lib/session'

/** Runs before any loader of the signed-in area, so no request leaves without a session. */
export const requireSession: MiddlewareFunction = ({ request }) => {
  if (!session.isSignedIn()) {
    const url = new URL(request.url)
    throw redirect(paths.login(url.pathname + url.search))
  }
}

/** Sign-in, forgot and reset pages send a signed-in user on. */
export const redirectSignedIn: MiddlewareFunction = ({ request }) => {
  if (session.isSignedIn()) {
    throw redirect(safeReturnPath(new URL(request.url).searchParams.get('from')))
  }
}
