import type { FastifyInstance, FastifyReply } from 'fastify'
import type { LightMyRequestResponse } from 'fastify'
import { PASSWORD_LINK_PATH } from '../../../contract/commands.ts'
import { PORTAL_ROUTES } from '../../../contract/endpoints.ts'
import { z } from '../../../contract/zod.ts'
import { sendApiFailure } from '../../http/api-failure.ts'
import type { PortalRule } from '../../http/endpoint-routes.ts'
import { roleFailureBody } from '../../roles/role-guard.ts'
import { objectOf, textOf } from './answer-capture.ts'
import { askService } from './service-request.ts'

const body = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(8000)),
  sid: z.string().check(z.minLength(1), z.maxLength(200)),
})

/** Its row, declared on the route: the session, role, limit and record steps read it there. */
const RULE: PortalRule = { ...PORTAL_ROUTES[PASSWORD_LINK_PATH], path: PASSWORD_LINK_PATH }

function envelopeOf(answer: LightMyRequestResponse): Record<string, unknown> | null {
  try {
    return objectOf(answer.json())
  } catch {
    return null
  }
}

/** The service's failure as it answered it: its status, its envelope. */
function passOn(reply: FastifyReply, answer: LightMyRequestResponse) {
  return reply
    .code(answer.statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(answer.body)
}

/**
 * `POST /api/portal/password-link` with `{ token, sid }`: the help desk sends a user of its
 * tenant a link to set a new password. The address is the one the service has for that user,
 * read with the help desk's own token (`user/info` with `sid`, User rule 1), never one typed;
 * the service's `user/forgotpassword` then sends the link (User rule 3). The answer names the
 * address it went to.
 */
export function passwordLinkRoute(app: FastifyInstance) {
  const route = { bodyLimit: 16 * 1024, config: { rule: RULE } }
  app.post(`/api/${PASSWORD_LINK_PATH}`, route, async (request, reply) => {
    const parsed = body.safeParse(request.body)
    if (!parsed.success) return sendApiFailure(request, reply, 'badRequest')
    const { token, sid } = parsed.data
    const info = await askService(app, request, 'user/info', { token, sid })
    const found = envelopeOf(info)
    if (info.statusCode !== 200 || found?.success !== true) return passOn(reply, info)
    const user = objectOf(found.userinfo)
    const email = textOf(user?.email)
    // Only an administrator's token is answered with the user it names; any other with its own.
    if (textOf(user?.sid, 200) !== sid || !email) {
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send(roleFailureBody(request, { kind: 'adminOnly' }))
    }
    const sent = await askService(app, request, 'user/forgotpassword', {
      emailaddress: email,
      usertype: 'user',
    })
    if (sent.statusCode !== 200 || envelopeOf(sent)?.success !== true) return passOn(reply, sent)
    reply.header('cache-control', 'no-store')
    return {
      success: true,
      errorcode: null,
      errormessage: null,
      tokenstatus: found.tokenstatus ?? null,
      data: { email },
    }
  })
}
