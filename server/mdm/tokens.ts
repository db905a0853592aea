import { randomToken } from './accounts.ts'
import type { TokenRecord } from './records.ts'
import { now, type World } from './world.ts'

/** null while valid, ExpiresSoon inside the renewal window, Expired after the lifetime. */
export type TokenStatus = null | 'ExpiresSoon' | 'Expired'

const DAY = 86_400_000

/**
 * Access tokens are opaque random strings. Their expiry is computed from the world's current
 * settings, so a test that shortens the lifetime affects tokens already handed out.
 */
export function issueToken(world: World, record: Omit<TokenRecord, 'issuedAt'>): string {
  // Tokens long past their end are only kept to answer "Expired"; after a day they go.
  for (const [token, old] of world.tokens) {
    if (expiresAt(world, old) + DAY < now(world)) world.tokens.delete(token)
  }
  const token = randomToken()
  world.tokens.set(token, { ...record, issuedAt: now(world) })
  return token
}

function expiresAt(world: World, record: TokenRecord): number {
  return record.issuedAt + world.settings.tokenLifetimeMs
}

export function tokenStatus(world: World, record: TokenRecord): TokenStatus {
  const end = expiresAt(world, record)
  const at = now(world)
  if (at >= end) return 'Expired'
  if (at >= end - world.settings.renewalWindowMs) return 'ExpiresSoon'
  return null
}

export function revokeTokensOf(world: World, sid: string): void {
  for (const [token, record] of world.tokens) {
    if (record.sid === sid) world.tokens.delete(token)
  }
}
