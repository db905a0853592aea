import type { FastifyInstance } from 'fastify'
import { z } from '../../../contract/zod.ts'
import { findAccount, findAccountByEmail } from '../model/accounts.ts'
import { resolveTenant } from '../http/auth.ts'
import { ApiFailure, invalidField } from '../http/failure.ts'
import type { IdentityVerifier } from '../model/identity-tokens.ts'
import { optional, requiredText, text } from '../http/fields.ts'
import { verifyPassword } from '../model/passwords.ts'
import type { AdminRecord, TokenRecord, UserRecord } from '../model/records.ts'
import type { RequestState } from '../http/request-state.ts'
import { addRoute } from '../http/route.ts'
import { startAttempt } from '../model/sign-in-delays.ts'
import { isRenewable, issueToken, tokenStatus } from '../model/tokens.ts'
import { now, type World } from '../model/world.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/** user/login and user/renewtoken: the two ways to an access token (spec: Authentication). */

const loginFields = z.object({
  type: optional(z.enum(['basic', 'microsoft'])),
  usertype: optional(z.enum(['user', 'admin'])),
  username: optional(text(254)),
  password: optional(text()),
  mtcid: optional(requiredText(100)),
  // Identity tokens of Entra ID with many groups run to several kilobytes.
  token: optional(text(16_000)),
})
type LoginFields = z.output<typeof loginFields>
type Account = UserRecord | AdminRecord

/**
 * Unknown and invited (no password yet) accounts get wrongCredentials like a wrong password,
 * after the same password check, so neither the answer nor its time tells whether an address
 * has an account. While a name must wait after wrong passwords from this client address
 * (the sign-in delays), it gets the same answer without a check, whatever the password: the
 * answer never tells a guesser that a guess was right.
 */
async function byPassword(world: World, body: LoginFields, address: string): Promise<Account> {
  if (!body.username) throw invalidField('username', 'missing')
  if (body.password === undefined) throw invalidField('password', 'missing')
  const usertype = body.usertype ?? 'user'
  const attempt = startAttempt(world, usertype, body.username, address)
  if (!attempt) throw new ApiFailure('wrongCredentials')
  const account = findAccountByEmail(world, usertype, body.username)
  const matches = await verifyPassword(body.password, account?.passwordHash ?? null)
  if (!account || account.passwordHash === null || !matches) {
    throw new ApiFailure('wrongCredentials')
  }
  attempt.succeeded()
  return account
}

/**
 * `type: microsoft`: the identity token is checked against the configured provider and names
 * the account by its e-mail address. Only while no provider is configured, `microsoftIdp`
 * accepts the demo's shortcut tokens `demo-idp:<email>` instead, for users only: the shortcut
 * proves nothing, so it never stands beside a real provider and never signs an administrator in.
 */
async function byIdentityProvider(
  world: World,
  body: LoginFields,
  verifier: IdentityVerifier | null,
): Promise<Account> {
  if (!world.microsoftIdp && !verifier) throw new ApiFailure('identityProviderNotConfigured')
  if (!body.token) throw invalidField('token', 'missing')
  const usertype = body.usertype ?? 'user'
  if (!verifier) {
    const demoEmail = /^demo-idp:(.+)$/.exec(body.token)?.[1]
    const account = demoEmail && usertype === 'user' && findAccountByEmail(world, 'user', demoEmail)
    if (!account) throw new ApiFailure('wrongCredentials')
    return account
  }
  const email = await verifier.verify(body.token)
  const account = findAccountByEmail(world, usertype, email)
  if (!account) throw new ApiFailure('identityAccountUnknown', { email })
  return account
}

function answerWithToken(world: World, state: RequestState, record: Omit<TokenRecord, 'issuedAt'>) {
  const token = issueToken(world, record)
  const issued = world.tokens.get(token)
  state.tokenStatus = issued ? tokenStatus(world, issued) : null
  return { token }
}

export function registerUserAuthRoutes(
  scope: FastifyInstance,
  worlds: WorldRegistry,
  verifier: IdentityVerifier | null,
): void {
  addRoute(scope, worlds, {
    path: '/user/login',
    access: 'none',
    fields: loginFields,
    handle: async ({ world, body, state, request }) => {
      const account =
        body.type === 'microsoft'
          ? await byIdentityProvider(world, body, verifier)
          : await byPassword(world, body, request.ip)
      const tenantId =
        account.kind === 'admin' ? resolveTenant(account, body.mtcid) : account.tenantId
      return answerWithToken(world, state, {
        kind: account.kind,
        sid: account.sid,
        tenantId,
        signedInAt: now(world),
      })
    },
  })

  /**
   * A token is renewed only where that gives more time: inside its renewal window (ExpiresSoon)
   * and before its sign-in's session ends. The renewed token stops working, and the new one
   * carries the sign-in time on, so renewals cannot keep a token alive for ever. Asked earlier,
   * or at the end of the session, the answer is the same token: nothing to renew.
   */
  addRoute(scope, worlds, {
    path: '/user/renewtoken',
    access: 'none',
    fields: z.object({ token: optional(requiredText(500)) }),
    handle: ({ world, body, state }) => {
      const record = body.token === undefined ? undefined : world.tokens.get(body.token)
      if (!record || !findAccount(world, record.kind, record.sid)) {
        throw new ApiFailure('unauthorized')
      }
      state.tokenStatus = tokenStatus(world, record)
      // An expired token cannot be renewed: a new login is required.
      if (state.tokenStatus === 'Expired') throw new ApiFailure('tokenExpired')
      if (!isRenewable(world, record)) return { token: body.token }
      world.tokens.delete(body.token ?? '')
      return answerWithToken(world, state, {
        kind: record.kind,
        sid: record.sid,
        tenantId: record.tenantId,
        signedInAt: record.signedInAt,
      })
    },
  })
}
