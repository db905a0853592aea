import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PORTAL_ERROR_CODES } from '../../contract/error-codes.ts'
import {
  actionOfPath,
  roleAllows,
  type HelpdeskAction,
  type HelpdeskRole,
} from '../../contract/helpdesk-roles.ts'
import { sendApiFailure } from '../http/api-failure.ts'
import { endpointOf, isMdmApiRequest } from '../http/request-paths.ts'
import { languageOf } from '../../contract/languages.ts'
import type { SessionInfo } from '../sessions/records/sessions.ts'
import { ROLE_FAILURES, roleForbiddenText } from './role-texts.ts'
import type { HelpdeskRoles } from './roles-file.ts'

export type RoleRefusal =
  | { kind: 'forbidden'; role: HelpdeskRole; action: HelpdeskAction | 'unknown' }
  | { kind: keyof typeof ROLE_FAILURES }

/**
 * A browser always names where a request comes from (`Sec-Fetch-Site` since 2020 in every
 * engine, `Origin` on each POST); a script or a server that holds an API key names neither.
 */
export function fromBrowser(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] !== undefined || request.headers.origin !== undefined
}

/** The help desk role of an administrator session: `admin` for all without a roles file. */
export function roleOfSession(
  roles: HelpdeskRoles | null,
  session: Pick<SessionInfo, 'account' | 'usertype'>,
): HelpdeskRole | null {
  if (session.usertype !== 'admin') return null
  return roles ? roles.roleOf(session.account) : 'admin'
}

/**
 * What the server refuses before the service, with a roles file: each change that the administrator's role does not allow (or every request of an administrator
 * the file does not name). A token the portal has no session for may still read; what it would
 * change, the portal cannot judge, so it asks for a new sign-in.
 */
export function roleRefusal(
  roles: HelpdeskRoles | null,
  request: FastifyRequest,
  path: string,
  token: string | null,
  session: SessionInfo | null,
): RoleRefusal | null {
  if (!roles || !token) return null
  const action = actionOfPath(path)
  if (!session) return action === 'read' ? null : { kind: 'unknownSession' }
  if (session.usertype !== 'admin') return null
  const role = roles.roleOf(session.account)
  if (!role) return { kind: 'noHelpdeskRole' }
  if (action === 'read') return null
  if (action === 'unknown' ? role === 'admin' : roleAllows(role, action)) return null
  return { kind: 'forbidden', role, action }
}

/** The refusal's envelope, in the language the request asks for. */
export function roleFailureBody(request: FastifyRequest, refusal: RoleRefusal) {
  const lang = languageOf(request.headers['accept-language'])
  const forbidden = refusal.kind === 'forbidden'
  return {
    success: false,
    errorcode:
      refusal.kind === 'apiKeyFromBrowser'
        ? PORTAL_ERROR_CODES.apiKeyFromBrowser
        : refusal.kind === 'noHelpdeskRole'
          ? PORTAL_ERROR_CODES.noHelpdeskRole
          : PORTAL_ERROR_CODES.roleForbidden,
    errormessage: forbidden
      ? roleForbiddenText(lang, refusal.role, refusal.action)
      : ROLE_FAILURES[refusal.kind][lang],
    tokenstatus: null,
  }
}

export function sendRoleFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: RoleRefusal,
) {
  return reply
    .code(403)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(roleFailureBody(request, refusal))
}

/**
 * An API key belongs in an operator's scripts, never in a browser: a request that carries one
 * (`Authorization`) and comes from a browser is refused before the service sees the key.
 */
export function refuseApiKeysFromBrowsers(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isMdmApiRequest(request)) return
    if (request.headers.authorization === undefined || !fromBrowser(request)) return
    return sendRoleFailure(request, reply, { kind: 'apiKeyFromBrowser' })
  })
}

/** The only endpoints the interface lets a GET reach (their `?json=` form, spec: App, User). */
const GET_ENDPOINTS = new Set(['/api/mdm/v2/app/image', '/api/mdm/v2/user/mdmprofile'])

/**
 * With roles, the server checks each POST's token: a request of another method reaches the
 * service only at the two file endpoints that the interface opens to GET, both reads. Any other
 * is answered as the service answers a path it does not have, so no change slips past the roles.
 */
export function refuseOtherMethods(app: FastifyInstance, roles: HelpdeskRoles | null) {
  if (!roles) return
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'POST' || !isMdmApiRequest(request)) return
    const readsFile = request.method === 'GET' || request.method === 'HEAD'
    if (readsFile && GET_ENDPOINTS.has(endpointOf(request.url))) return
    return sendApiFailure(request, reply, 'unknownEndpoint')
  })
}
