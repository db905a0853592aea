/**
 * What another page tells the sign-in page through the history entry's state, so the notice
 * neither shows up in the address bar nor survives into a bookmark. Read by hand: the sign-in
 * page is the first anyone sees, and loads no schema library before it is needed.
 */
const PASSED_NOTICES = ['passwordReset', 'passwordSet'] as const
type PassedNotice = (typeof PASSED_NOTICES)[number]

export function signInNoticeState(
  notice: PassedNotice,
  email: string | null = null,
): { signInNotice: PassedNotice; signInEmail: string | null } {
  return { signInNotice: notice, signInEmail: email }
}

export { readSignInEmail } from '@/entities/user/typed-email'

export function readSignInNotice(state: unknown): PassedNotice | null {
  if (typeof state !== 'object' || state === null || !('signInNotice' in state)) return null
  const notice = state.signInNotice
  return PASSED_NOTICES.find((known) => known === notice) ?? null
}
