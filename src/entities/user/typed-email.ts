/**
 * The e-mail address one sign-in page passes to the next (sign-in, "Forgot password", the link
 * pages) in the history entry's state: filled in there, never shown in the address bar. Read by
 * hand: the sign-in page is the first anyone sees, and loads no schema library before it is needed.
 */
export function signInEmailState(email: string): { signInEmail: string } {
  return { signInEmail: email }
}

/** The address the page before passed on, to fill in the form; empty if none. */
export function readSignInEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('signInEmail' in state)) return ''
  return typeof state.signInEmail === 'string' ? state.signInEmail : ''
}
