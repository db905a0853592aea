/**
 * The session lives outside React; components subscribe with `useSession`.
 *
 * The token is kept in sessionStorage, so a reload keeps it while it never outlives the tab and
 * never lands in the URL or localStorage. Other tabs learn of a sign-out through a
 * BroadcastChannel and end their own session too.
 */
import { useSyncExternalStore } from 'react'

export type SessionEndReason = 'signedOut' | 'expired'
/** Whose token it is: an employee's own, or an administrator's (the help desk area). */
export type SessionRole = 'user' | 'admin'

interface SessionState {
  token: string | null
  /** Why the last session ended, for the message on the sign-in page. */
  ended: SessionEndReason | null
}

const STORAGE_KEY = 'mdm.session'
const ROLE_KEY = 'mdm.session.role'
const CHANNEL = 'mdm.session'

type Listener = () => void
type EndListener = (reason: SessionEndReason) => void

const listeners = new Set<Listener>()
const endListeners = new Set<EndListener>()
let state: SessionState = { token: readToken(), ended: null }
let channel: BroadcastChannel | null = null
// Changes only together with the token (start, end), so readers re-render through `useSession`.
let role: SessionRole = readRole()

function readToken(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

function readRole(): SessionRole {
  try {
    return sessionStorage.getItem(ROLE_KEY) === 'admin' ? 'admin' : 'user'
  } catch {
    return 'user'
  }
}

function writeToken(token: string | null, as: SessionRole = 'user') {
  role = token ? as : 'user'
  try {
    if (token) sessionStorage.setItem(STORAGE_KEY, token)
    else sessionStorage.removeItem(STORAGE_KEY)
    if (token && as === 'admin') sessionStorage.setItem(ROLE_KEY, as)
    else sessionStorage.removeItem(ROLE_KEY)
  } catch {
    // Storage may be unavailable (private mode); the session then lasts for this page only.
  }
}

function setState(next: SessionState) {
  state = next
  for (const listener of listeners) listener()
}

function getChannel(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === 'signedOut' && state.token) end('signedOut', false)
    }
  }
  return channel
}
getChannel()

function end(reason: SessionEndReason, broadcast: boolean) {
  const hadToken = state.token !== null
  writeToken(null)
  setState({ token: null, ended: reason })
  if (broadcast && reason === 'signedOut') getChannel()?.postMessage('signedOut')
  if (hadToken) for (const listener of endListeners) listener(reason)
}

export const session = {
  getToken: (): string | null => state.token,
  getState: (): SessionState => state,
  isSignedIn: (): boolean => state.token !== null,
  getRole: (): SessionRole => role,

  start(token: string, as: SessionRole = 'user') {
    writeToken(token, as)
    setState({ token, ended: null })
  },

  /** A renewed token replaces the old one without ending anything. */
  replaceToken(token: string) {
    if (!state.token) return
    writeToken(token, role)
    setState({ ...state, token })
  },

  signOut: () => end('signedOut', true),
  expire: () => end('expired', false),

  subscribe(listener: Listener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },

  /** Called once the session ended (sign-out here or in another tab, expiry, 401). */
  onEnd(listener: EndListener): () => void {
    endListeners.add(listener)
    return () => endListeners.delete(listener)
  },
}

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState)
}
