import type { FastifyInstance } from 'fastify'
import { z } from '../../../contract/zod.ts'
import { sendApiFailure } from '../../http/api-failure.ts'
import { recordsAnswer, sendRecordsFailure } from './records-answers.ts'
import type { Records } from './records.ts'
import { roleOfSession } from '../../roles/role-guard.ts'
import type { HelpdeskRoles } from '../../roles/roles-file.ts'

const ROLE_PATH = '/api/portal/role'

const body = z.object({ token: z.string().check(z.minLength(1), z.maxLength(8000)) })

/**
 * `POST /api/portal/role` with `{ token }`: the help desk role of the administrator who holds
 * the token, for the interface to offer only what the role may do (the server enforces it
 * anyway). Without a roles file every administrator is `admin`; `null` is a user's token or an
 * administrator the file does not name.
 */
export function helpdeskRoleRoute(
  app: FastifyInstance,
  records: Records | null,
  roles: HelpdeskRoles | null,
) {
  app.post(ROLE_PATH, { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const parsed = body.safeParse(request.body)
    if (!parsed.success) return sendApiFailure(request, reply, 'badRequest')
    if (!roles) return recordsAnswer(reply, { role: 'admin', roles: false })
    const session = records ? await records.sessions.lookup(parsed.data.token) : null
    if (session?.ended) return sendApiFailure(request, reply, 'signedOut')
    if (!session) {
      const reachable = records ? await records.store.reachable() : false
      return sendRecordsFailure(request, reply, reachable ? 'noSession' : 'unavailable')
    }
    return recordsAnswer(reply, { role: roleOfSession(roles, session), roles: true })
  })
}
