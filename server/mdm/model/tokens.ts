import { randomToken } from './accounts.ts'
import type { TokenRecord } from './records.ts'
import { now, type World } from './world.ts'

/** null while valid, ExpiresSoon inside the renewal window, Expired after the lifetime. */
export type TokenStatus = null | 'ExpiresSoon' | 'Expired'

const DAY = 86_400_000

/**
 * Sessions one account may hold at once (several browsers and devices are normal); a further
 * sign-in ends the oldest, so tokens nobody uses any more do not pile up.
 */
export const MAX_SESSIONS = 20

/**
 * Access tokens are opaque random strings. Their expiry is computed from the world's current
 * settings, so a test that shortens the lifetime affects tokens already handed out.
 */
export function issueToken(world: World, record: Omit<TokenRecord, 'issuedAt'>): string {
  // Tokens long past their end are only kept to answer "Expired"; after a day they go.
  for (const [token, old] of world.tokens) {
    if (expiresAt(world, old) + DAY < now(world)) world.tokens.delete(token)
  }
  const held = [...world.tokens].filter(
    ([, old]) => old.sid === record.sid && tokenStatus(world, old) !== 'Expired',
  )
  for (const [token] of held.slice(0, Math.max(0, held.length - MAX_SESSIONS + 1))) {
    world.tokens.delete(token)
  }
  const token = randomToken()
  world.tokens.set(token, { ...record, issuedAt: now(world) })
  return token
}

/** A token ends with its lifetime, and at the latest when its sign-in's session ends. */
function expiresAt(world: World, record: TokenRecord): number {
  return Math.min(
    record.issuedAt + world.settings.tokenLifetimeMs,
    record.signedInAt + world.settings.sessionLifetimeMs,
  )
}

export function tokenStatus(world: World, record: TokenRecord): TokenStatus {
  const end = expiresAt(world, record)
  const at = now(world)
  if (at >= end) return 'Expired'
  if (at >= end - world.settings.renewalWindowMs) return 'ExpiresSoon'
  return null
}

/** Whether a renewal would give more time: only inside the window, and before the session ends. */
export function isRenewable(world: World, record: TokenRecord): boolean {
  const sessionEnd = record.signedInAt + world.settings.sessionLifetimeMs
  return (
    tokenStatus(world, record) === 'ExpiresSoon' &&
    now(world) < sessionEnd - world.settings.renewalWindowMs
  )
}

/** Ends every token of the account, except the one `keep` names (the caller's own). */
export function revokeTokensOf(world: World, sid: string, keep?: string): void {
  for (const [token, record] of world.tokens) {
    if (record.sid === sid && token !== keep) world.tokens.delete(token)
  }
}
