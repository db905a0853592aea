import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from '../../../contract/zod.ts'
import { findAccountByEmail, revokeResetTokens } from '../model/accounts.ts'
import { ApiFailure } from '../http/failure.ts'
import { flag, optional, requiredText, text } from '../http/fields.ts'
import type { Lang } from '../texts/language.ts'
import { sendInvitation } from '../model/mail.ts'
import { warningMessage } from '../texts/messages.ts'
import { hashPassword, meetsPasswordRules } from '../model/passwords.ts'
import type { UserRecord } from '../model/records.ts'
import { pageFields, pageOf } from '../http/paging.ts'
import { addRoute } from '../http/route.ts'
import { revokeTokensOf } from '../model/tokens.ts'
import { adminToUserWire, toUserWire } from '../views/user-view.ts'
import type { World } from '../model/world.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/** user/info, list, create, delete (spec: User endpoints, rules 1, 2 and 7). */

function userInTenant(world: World, tenantId: string, sid: string): UserRecord {
  const user = world.users.get(sid)
  if (!user || user.tenantId !== tenantId) throw new ApiFailure('userNotFound')
  return user
}

const createFields = z.object({
  email: z.email().check(z.maxLength(254)),
  emailculture: optional(z.enum(['de-DE', 'en-US'])),
  sendemail: optional(flag),
  firstname: optional(text(100)),
  lastname: optional(text(100)),
  grouptemplateid: optional(z.number().check(z.int())),
  password: optional(text()),
})

/** Creates the user; the answer's warningmessage lists the subtasks that failed (User rule 2). */
async function createUser(
  world: World,
  tenantId: string,
  body: z.output<typeof createFields>,
  lang: Lang,
) {
  const email = body.email.trim().toLowerCase()
  const exists = () => findAccountByEmail(world, 'user', email) !== undefined
  if (exists()) throw new ApiFailure('userAlreadyExists', { email })
  if (body.password !== undefined && !meetsPasswordRules(body.password)) {
    throw new ApiFailure('passwordTooWeak')
  }
  const passwordHash = body.password === undefined ? null : await hashPassword(body.password)
  if (exists()) throw new ApiFailure('userAlreadyExists', { email })

  const warnings: string[] = []
  const templates = world.tenants.get(tenantId)?.groupTemplates ?? []
  let template = templates[0]?.id ?? 1
  if (body.grouptemplateid !== undefined) {
    if (templates.some((candidate) => candidate.id === body.grouptemplateid)) {
      template = body.grouptemplateid
    } else {
      warnings.push(
        warningMessage(lang, 'groupTemplateMissing', { id: String(body.grouptemplateid) }),
      )
    }
  }
  const firstname = body.firstname?.trim() ?? ''
  const lastname = body.lastname?.trim() ?? ''
  const mandatoryApps = [...world.apps.values()].filter(
    (app) => app.tenantId === tenantId && app.mandatory,
  )
  const user: UserRecord = {
    kind: 'user',
    sid: randomUUID(),
    tenantId,
    email,
    firstname,
    lastname,
    displayname: `${firstname} ${lastname}`.trim() || email,
    emailculture: body.emailculture ?? 'de-DE',
    passwordHash,
    phone: null,
    managedappleid: null,
    enabled: true,
    groupTemplateId: template,
    // The group's mandatory apps come with it.
    appIds: new Set(mandatoryApps.map((app) => app.id)),
  }
  world.users.set(user.sid, user)

  if (body.sendemail !== false) {
    // Addresses in the reserved .invalid domain stand in for a mailbox that bounces.
    if (email.endsWith('.invalid')) {
      warnings.push(warningMessage(lang, 'invitationNotDelivered', { email }))
    } else {
      sendInvitation(world, user)
    }
  }
  return { sid: user.sid, warningmessage: warnings.length > 0 ? warnings.join(' ') : null }
}

export function registerUserRoutes(scope: FastifyInstance, worlds: WorldRegistry): void {
  addRoute(scope, worlds, {
    path: '/user/info',
    access: 'any',
    fields: z.object({ sid: optional(requiredText(200)) }),
    handle: ({ world, caller, body }) => {
      if (caller.kind === 'user') return { userinfo: toUserWire(caller.user) }
      if (body.sid === undefined) return { userinfo: adminToUserWire(caller.admin) }
      return { userinfo: toUserWire(userInTenant(world, caller.tenantId, body.sid)) }
    },
  })

  addRoute(scope, worlds, {
    path: '/user/list',
    access: 'admin',
    fields: z.object(pageFields),
    handle: ({ world, caller, body }) => {
      const users = [...world.users.values()].filter((user) => user.tenantId === caller.tenantId)
      const page = pageOf(world, users, body.pageindex)
      return { ...page, data: page.data.map(toUserWire) }
    },
  })

  addRoute(scope, worlds, {
    path: '/user/create',
    access: 'admin',
    fields: createFields,
    handle: async ({ world, caller, body, lang }) => ({
      data: await createUser(world, caller.tenantId, body, lang),
    }),
  })

  addRoute(scope, worlds, {
    path: '/user/delete',
    access: 'admin',
    fields: z.object({ sid: requiredText(200) }),
    handle: ({ world, caller, body }) => {
      const user = userInTenant(world, caller.tenantId, body.sid)
      world.users.delete(user.sid)
      revokeTokensOf(world, user.sid)
      revokeResetTokens(world, user.sid)
      // User rule 7: the devices stay in the tenant, without an owner.
      for (const device of world.devices.values()) {
        if (device.usersid === user.sid) device.usersid = null
      }
      return {}
    },
  })
}
