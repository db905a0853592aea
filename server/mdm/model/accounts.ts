import { randomBytes } from 'node:crypto'
import type { AdminRecord, ResetTokenRecord, UserRecord } from './records.ts'
import { now, type World } from './world.ts'

export function findAccountByEmail(
  world: World,
  kind: 'user' | 'admin',
  email: string,
): UserRecord | AdminRecord | undefined {
  const wanted = email.trim().toLowerCase()
  if (kind === 'admin') return world.admins.find((admin) => admin.email === wanted)
  return [...world.users.values()].find((user) => user.email === wanted)
}

export function findAccount(world: World, kind: 'user' | 'admin', sid: string) {
  return kind === 'admin' ? world.admins.find((admin) => admin.sid === sid) : world.users.get(sid)
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Reset tokens are random and single use; see resetpassword. */
export function issueResetToken(
  world: World,
  account: UserRecord | AdminRecord,
  validMs: number,
): string {
  const token = randomToken()
  world.resetTokens.set(token, {
    kind: account.kind,
    sid: account.sid,
    expiresAt: now(world) + validMs,
  })
  return token
}

export function validResetToken(world: World, token: string): ResetTokenRecord | undefined {
  const record = world.resetTokens.get(token)
  return record && record.expiresAt > now(world) ? record : undefined
}

/** After a password was set, every outstanding reset link of the account stops working. */
export function revokeResetTokens(world: World, sid: string): void {
  for (const [token, record] of world.resetTokens) {
    if (record.sid === sid) world.resetTokens.delete(token)
  }
}
