import { endServerSession } from '@/lib/api/client'
import { session } from './session'

/** Signing out here ends the session in the browser and the token on the server. */
export function signOut(): void {
  const token = session.getToken()
  session.signOut()
  if (token) endServerSession(token)
}
