/**
 * Where a password link's token is, read without the page's code (the router asks before the
 * page loads): in the address as the link opens, then kept in the history entry (`useResetLink`).
 */

/** The token of the link the page was opened with: for asking about the link as it opens. */
export function openingToken(search: string): string | null {
  return new URLSearchParams(search).get('token') || null
}

interface PageAddress {
  search: string
  state: unknown
}

/** The link kept in the history entry, as `useResetLink` keeps it; checked where it is read. */
function keptLink(state: unknown): unknown {
  return typeof state === 'object' && state !== null && 'resetLink' in state
    ? state.resetLink
    : undefined
}

/** Whether the page has a link at all: in its address, or kept in its history entry. */
export function hasResetLink({ search, state }: PageAddress): boolean {
  return keptLink(state) !== undefined || openingToken(search) !== null
}

/** An invitation's link says `join=1` (or `true`): the first password, not a forgotten one. */
export function isJoin(value: string | null): boolean {
  return value === '1' || value === 'true'
}

/**
 * Whether the link is an invitation. Its address says so as it opens, and after the token has
 * left it (`useResetLink` keeps `join` there, so that a reload is drawn in the invitation's
 * words); the history entry says so too.
 */
export function isInvitation({ search, state }: PageAddress): boolean {
  const kept = keptLink(state)
  const keptJoin = typeof kept === 'object' && kept !== null && 'join' in kept && kept.join
  return keptJoin === true || isJoin(new URLSearchParams(search).get('join'))
}
