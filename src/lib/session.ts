/**
 * The session lives outside React; components subscribe with `useSession`.
 *
 * The token is kept in sessionStorage, so a reload keeps it while it never outlives the tab and
 * never lands in the URL or localStorage. The tabs of the portal share it over a
 * BroadcastChannel (same origin only): a new tab asks the open ones for the session before its
 * first page shows, a renewal in one tab reaches the others, and a sign-out ends them all.
 */
import { useSyncExternalStore } from 'react'

/**
 * Why a session ended: signed out in this browser, expired, or ended by the portal on purpose
 * (signed out from another browser, or the password changed): the last two keep the way back.
 */
export type SessionEndReason = 'signedOut' | 'expired' | 'ended'
/** Whose token it is: an employee's own, or an administrator's (the help desk area). */
export type SessionRole = 'user' | 'admin'

interface SessionState {
  token: string | null
  /** When this tab's clock saw the token issued (sign-in or renewal), for the expiry warning. */
  issuedAt: number | null
  role: SessionRole
  /** Why the last session ended, for the message on the sign-in page. */
  ended: SessionEndReason | null
}

const STORAGE_KEY = 'mdm.session'
const ISSUED_KEY = 'mdm.session.issued'
const ROLE_KEY = 'mdm.session.role'
const CHANNEL = 'mdm.session'
/** How long a new tab waits for an open one to hand over the session before it shows sign-in. */
export const HANDSHAKE_MS = 300
/** How long an answer that comes after that is still taken. */
const LATE_ANSWER_MS = 5_000

/** What the tabs tell each other. A token only ever travels inside this origin's channel. */
type Message =
  | 'signedOut'
  | { type: 'ask'; from: string }
  | { type: 'session'; to: string; token: string; issuedAt: number; role: SessionRole }
  | { type: 'renewed'; token: string; issuedAt: number; previous: string }

type Listener = () => void
type EndListener = (reason: SessionEndReason) => void

const listeners = new Set<Listener>()
const endListeners = new Set<EndListener>()
const tabId = Math.random().toString(36).slice(2)
let state: SessionState = readStored()
let channel: BroadcastChannel | null = null
let answerHandshake: ((token: string, issuedAt: number, role: SessionRole) => void) | null = null

function readStored(): SessionState {
  try {
    const token = sessionStorage.getItem(STORAGE_KEY)
    const issued = Number(sessionStorage.getItem(ISSUED_KEY))
    const role = token ? toRole(sessionStorage.getItem(ROLE_KEY)) : 'user'
    // A token without its time (an older tab) counts from now: the service's own
    // `ExpiresSoon` still leads to a renewal in time.
    const issuedAt = token ? (issued > 0 ? issued : Date.now()) : null
    return { token, issuedAt, role, ended: null }
  } catch {
    return { token: null, issuedAt: null, role: 'user', ended: null }
  }
}

function toRole(value: unknown): SessionRole {
  return value === 'admin' ? 'admin' : 'user'
}

function store(token: string | null, issuedAt: number | null, role: SessionRole) {
  try {
    if (token && issuedAt) {
      sessionStorage.setItem(STORAGE_KEY, token)
      sessionStorage.setItem(ISSUED_KEY, String(issuedAt))
      sessionStorage.setItem(ROLE_KEY, role)
    } else {
      sessionStorage.removeItem(STORAGE_KEY)
      sessionStorage.removeItem(ISSUED_KEY)
      sessionStorage.removeItem(ROLE_KEY)
    }
  } catch {
    // Storage may be unavailable (private mode); the session then lasts for this page only.
  }
}

function setState(next: SessionState) {
  state = next
  for (const listener of listeners) listener()
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function receive(data: unknown) {
  if (data === 'signedOut') {
    if (state.token) end('signedOut', false)
    return
  }
  if (!isRecord(data)) return
  const { type, token, issuedAt } = data
  if (type === 'ask' && state.token && state.issuedAt && typeof data.from === 'string') {
    const { token: own, issuedAt: issued, role } = state
    post({ type: 'session', to: data.from, token: own, issuedAt: issued, role })
  }
  if (typeof token !== 'string' || typeof issuedAt !== 'number') return
  if (type === 'session' && data.to === tabId) answerHandshake?.(token, issuedAt, toRole(data.role))
  // Another tab renewed the token this tab shares: the old one no longer works anywhere.
  if (type === 'renewed' && state.token !== null && state.token === data.previous) {
    adopt(token, issuedAt, state.role)
  }
}

function getChannel(): BroadcastChannel | null {
  // Only in a browser: the server draws pages with these modules too, and has no tabs.
  if (!channel && typeof window !== 'undefined' && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = (event: MessageEvent<unknown>) => receive(event.data)
  }
  return channel
}

// Listening from the start: other tabs ask for the session, renew it or sign out at any time.
getChannel()

function post(message: Message) {
  getChannel()?.postMessage(message)
}

function adopt(token: string, issuedAt: number, role: SessionRole) {
  store(token, issuedAt, role)
  setState({ token, issuedAt, role, ended: null })
}

function end(reason: SessionEndReason, broadcast: boolean) {
  const hadToken = state.token !== null
  store(null, null, 'user')
  setState({ token: null, issuedAt: null, role: 'user', ended: reason })
  if (broadcast && reason === 'signedOut') post('signedOut')
  if (hadToken) for (const listener of endListeners) listener(reason)
}

/**
 * Without a session of its own, a tab asks the open tabs for theirs and waits a moment for the
 * first answer; with none, it starts signed out. Settles either way, never fails. An answer that
 * comes later (a busy machine) is still taken for a while, unless the tab has signed in or out
 * meanwhile: the guards then lead on from sign-in.
 */
function handshake(): Promise<void> {
  if (state.token || !getChannel()) return Promise.resolve()
  return new Promise((resolve) => {
    const answer = (token: string, issuedAt: number, role: SessionRole) => {
      if (!state.token && state.ended === null) adopt(token, issuedAt, role)
      stop()
      resolve()
    }
    const stop = () => {
      if (answerHandshake === answer) answerHandshake = null
      clearTimeout(late)
    }
    const late = setTimeout(stop, LATE_ANSWER_MS)
    setTimeout(resolve, HANDSHAKE_MS)
    answerHandshake = answer
    post({ type: 'ask', from: tabId })
  })
}

export const session = {
  getToken: (): string | null => state.token,
  getState: (): SessionState => state,
  isSignedIn: (): boolean => state.token !== null,
  getRole: (): SessionRole => state.role,

  /**
   * For a page of the signed-in area: settles once this tab knows whether it has a session,
   * its own or one an open tab handed over. Public pages (sign-in, a reset link) do not ask.
   */
  join: handshake,

  start(token: string, role: SessionRole = 'user') {
    adopt(token, Date.now(), role)
  },

  /** A renewed token replaces the old one, in every tab, without ending anything. */
  replaceToken(token: string) {
    const previous = state.token
    if (!previous) return
    const issuedAt = Date.now()
    adopt(token, issuedAt, state.role)
    post({ type: 'renewed', token, issuedAt, previous })
  },

  signOut: () => end('signedOut', true),
  expire: (reason: 'expired' | 'ended' = 'expired') => end(reason, false),

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
