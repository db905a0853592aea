/**
 * Where a password link's token is, read without the page's code (the router asks before the
 * page loads): in the address as the link opens, then kept in the history entry (`useResetLink`).
 */

/** The token of the link the page was opened with: for asking about the link as it opens. */
export function openingToken(search: string): string | null {
  return new URLSearchParams(search).get('token') || null
}

/** Whether the page has a link at all: in its address, or kept in its history entry. */
export function hasResetLink({ search, state }: { search: string; state: unknown }): boolean {
  const kept = typeof state === 'object' && state !== null && 'resetLink' in state
  return kept || openingToken(search) !== null
}
