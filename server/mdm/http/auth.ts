import type { IncomingHttpHeaders } from 'node:http'
import { z } from '../../../contract/zod.ts'
import { findAccount } from '../model/accounts.ts'
import { ApiFailure } from './failure.ts'
import { optional, parseFields, requiredText } from './fields.ts'
import type { AdminRecord, UserRecord } from '../model/records.ts'
import type { RequestState } from './request-state.ts'
import { tokenStatus } from '../model/tokens.ts'
import type { World } from '../model/world.ts'

export interface UserCaller {
  kind: 'user'
  user: UserRecord
  tenantId: string
  /** The access token of the request; null for an API key. */
  token: string | null
}
export interface AdminCaller {
  kind: 'admin'
  admin: AdminRecord
  tenantId: string
  token: string | null
}
export type Caller = UserCaller | AdminCaller

const tenantField = z.object({ mtcid: optional(requiredText(100)) })

/** The tenant an administrator asks for; read only for administrators, after the token's status. */
function mtcidOf(input: Record<string, unknown>): string | undefined {
  return parseFields(tenantField, input).mtcid
}

/** Authentication rule 5: mtcid is mandatory only for administrators of several tenants. */
export function resolveTenant(admin: AdminRecord, mtcid: string | undefined): string {
  if (mtcid !== undefined) {
    if (admin.tenantIds.includes(mtcid)) return mtcid
    throw new ApiFailure('tenantNotAccessible', { mtcid })
  }
  const [only, ...others] = admin.tenantIds
  if (only === undefined || others.length > 0) throw new ApiFailure('mtcidRequired')
  return only
}

function apiKeyOf(header: string | undefined): string | undefined {
  const match = /^Api-Key\s+(\S+)\s*$/i.exec(header ?? '')
  return match?.[1]
}

/**
 * Who is calling: the access token in the body, else the administrator API key in the
 * Authorization header. Authentication rule 4: when both are sent, the token wins (and a bad
 * token fails the request even if the key is good).
 */
export function authenticate(
  world: World,
  input: Record<string, unknown>,
  headers: IncomingHttpHeaders,
  state: RequestState,
): Caller {
  // Errors: 401 when "the access token was not passed or is invalid": an empty or non-string
  // token is an invalid one, not a field error, and wins over an API key as any token does.
  const token = input.token ?? undefined
  if (token !== undefined) {
    if (typeof token !== 'string') throw new ApiFailure('unauthorized')
    const record = world.tokens.get(token)
    if (!record) throw new ApiFailure('unauthorized')
    state.tokenStatus = tokenStatus(world, record)
    if (state.tokenStatus === 'Expired') throw new ApiFailure('tokenExpired')
    if (record.kind === 'user') {
      const user = world.users.get(record.sid)
      if (!user) throw new ApiFailure('unauthorized')
      return { kind: 'user', user, tenantId: user.tenantId, token }
    }
    const admin = findAccount(world, 'admin', record.sid)
    if (admin?.kind !== 'admin') throw new ApiFailure('unauthorized')
    const mtcid = mtcidOf(input)
    return {
      kind: 'admin',
      admin,
      token,
      tenantId: mtcid === undefined ? record.tenantId : resolveTenant(admin, mtcid),
    }
  }
  const key = apiKeyOf(headers.authorization)
  const admin = key === undefined ? undefined : world.admins.find((a) => a.apiKey === key)
  if (!admin) throw new ApiFailure('unauthorized')
  return { kind: 'admin', admin, tenantId: resolveTenant(admin, mtcidOf(input)), token: null }
}
