import type { FastifyInstance } from 'fastify'
import { z } from '../../../contract/zod.ts'
import {
  findAccount,
  findAccountByEmail,
  revokeResetTokens,
  validResetToken,
} from '../model/accounts.ts'
import { ApiFailure } from '../http/failure.ts'
import { flag, optional, requiredText, text } from '../http/fields.ts'
import { sendEnrollmentInstructions, sendPasswordChanged, sendResetLink } from '../model/mail.ts'
import { hashPassword, meetsPasswordRules, verifyPassword } from '../model/passwords.ts'
import { addRoute } from '../http/route.ts'
import { forgetFailures, startAttempt } from '../model/sign-in-delays.ts'
import { revokeTokensOf } from '../model/tokens.ts'
import type { World } from '../model/world.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/** changepassword, forgotpassword, resetpassword, resetpasswordinfo (User rules 3–5). */

const newPasswordFields = { newpassword: text(), confirmnewpassword: text() }

function ensureGoodNewPassword(body: { newpassword: string; confirmnewpassword: string }): void {
  if (body.newpassword !== body.confirmnewpassword) throw new ApiFailure('passwordsDoNotMatch')
  if (!meetsPasswordRules(body.newpassword)) throw new ApiFailure('passwordTooWeak')
}

function accountOfResetToken(world: World, token: string) {
  const record = validResetToken(world, token)
  const account = record && findAccount(world, record.kind, record.sid)
  if (!account) throw new ApiFailure('invalidResetToken')
  return account
}

export function registerPasswordRoutes(scope: FastifyInstance, worlds: WorldRegistry): void {
  addRoute(scope, worlds, {
    path: '/user/changepassword',
    access: 'any',
    fields: z.object({ oldpassword: text(), ...newPasswordFields }),
    handle: async ({ world, caller, body, request }) => {
      const account = caller.kind === 'user' ? caller.user : caller.admin
      ensureGoodNewPassword(body)
      // Wrong old passwords count like wrong sign-ins of the account from this address, so a
      // token left on an unlocked screen cannot be used to guess the password any faster; while
      // the address must wait, the old password is not checked and the answer is the same.
      const attempt = startAttempt(world, account.kind, account.email, request.ip)
      if (!attempt || !(await verifyPassword(body.oldpassword, account.passwordHash))) {
        throw new ApiFailure('oldPasswordWrong')
      }
      attempt.succeeded()
      account.passwordHash = await hashPassword(body.newpassword)
      // Every other session ends; the one that made the change goes on.
      revokeTokensOf(world, account.sid, caller.token ?? undefined)
      sendPasswordChanged(world, account)
      return {}
    },
  })

  addRoute(scope, worlds, {
    path: '/user/forgotpassword',
    access: 'none',
    // User rule 3: "the response is always successful; an error code is returned only on
    // infrastructure problems": fields that name no account are no reason to refuse.
    fields: z.object({ emailaddress: z.optional(z.unknown()), usertype: z.optional(z.unknown()) }),
    handle: ({ world, body }) => {
      const { emailaddress, usertype = 'user' } = body
      if (typeof emailaddress !== 'string' || (usertype !== 'user' && usertype !== 'admin')) {
        return {}
      }
      // The same answer whether or not the address exists.
      const account = findAccountByEmail(world, usertype, emailaddress.slice(0, 254))
      if (account) sendResetLink(world, account)
      return {}
    },
  })

  addRoute(scope, worlds, {
    path: '/user/resetpassword',
    access: 'none',
    fields: z.object({ token: requiredText(500), ...newPasswordFields, join: optional(flag) }),
    handle: async ({ world, body }) => {
      accountOfResetToken(world, body.token)
      ensureGoodNewPassword(body)
      const passwordHash = await hashPassword(body.newpassword)
      // Checked again after hashing: two requests with the same token must not both succeed.
      const account = accountOfResetToken(world, body.token)
      account.passwordHash = passwordHash
      forgetFailures(world, account.kind, account.email)
      revokeResetTokens(world, account.sid)
      // Whoever knew the old password, or holds a token from it, is out.
      revokeTokensOf(world, account.sid)
      // User rule 4: join (the first password from an invitation) leads on to enrollment.
      if (body.join) sendEnrollmentInstructions(world, account)
      else sendPasswordChanged(world, account)
      return {}
    },
  })

  addRoute(scope, worlds, {
    path: '/user/resetpasswordinfo',
    access: 'none',
    fields: z.object({ token: requiredText(500) }),
    handle: ({ world, body }) => ({
      userresetpasswordinfo: { displayname: accountOfResetToken(world, body.token).displayname },
    }),
  })
}
