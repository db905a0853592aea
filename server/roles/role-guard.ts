import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES, PORTAL_ERROR_CODES } from '../../contract/error-codes.ts'
import { isEndpoint, leastRole, takesSession, type EndpointRow } from '../../contract/endpoints.ts'
import {
  roleAllows,
  type HelpdeskAction,
  type HelpdeskRole,
} from '../../contract/helpdesk-roles.ts'
import { rowOf, type RulePath } from '../http/endpoint-routes.ts'
import { requestFields } from '../http/request-fields.ts'
import { isMdmApiRequest } from '../http/request-paths.ts'
import { languageOf } from '../../contract/languages.ts'
import { ROLE_FAILURES, roleForbiddenText } from './role-texts.ts'
import type { HelpdeskRoles } from './roles-file.ts'

/**
 * What the role step reads of a session: whose it is and whether it ended (the records'
 * `SessionInfo`, server/sessions/records/sessions.ts, which sits on a floor above).
 */
interface SessionInfo {
  account: string
  usertype: 'user' | 'admin'
  ended: boolean
}

type RoleRefusal =
  | { kind: 'forbidden'; role: HelpdeskRole; action: HelpdeskAction }
  | { kind: keyof typeof ROLE_FAILURES }

/**
 * A browser always names where a request comes from (`Sec-Fetch-Site` since 2020 in every
 * engine, `Origin` on each POST); a script or a server that holds an API key names neither.
 */
function fromBrowser(request: FastifyRequest): boolean {
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

/** The key of an `Authorization: Api-Key <key>` header (spec: Authentication, API key). */
function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (header === undefined) return null
  return /^Api-Key\s+(\S+)\s*$/i.exec(header)?.[1] ?? ''
}

/** Whether a role may call the endpoint its row describes. */
function refusalFor(role: HelpdeskRole, row: EndpointRow): RoleRefusal | null {
  if (row.action === null || leastRole(row) === null) return null
  return roleAllows(role, row.action) ? null : { kind: 'forbidden', role, action: row.action }
}

/**
 * What the server refuses before the service, by the endpoint's row: an API key the roles file
 * does not name (integrations call the service directly), and with a roles file each change the
 * administrator's role does not allow (or every request of an administrator the file does not
 * name). A token the portal has no session for may still read; what it would change, the
 * portal cannot judge, so it asks for a new sign-in.
 */
function roleRefusal(
  roles: HelpdeskRoles | null,
  row: EndpointRow & { path: RulePath },
  credentials: { token: string | null; apiKey: string | null },
  session: SessionInfo | null,
): RoleRefusal | null {
  // A portal route asks the service in the caller's stead, so the portal checks who calls: an
  // employee's token would be answered as the employee's own (spec: User rule 1).
  if (!isEndpoint(row.path) && row.caller === 'admin' && session?.usertype === 'user') {
    return { kind: 'adminOnly' }
  }
  if (credentials.apiKey !== null) {
    const role = roles?.roleOfApiKey(credentials.apiKey) ?? null
    if (!role) return { kind: 'apiKeyNotNamed' }
    // The service lets the token win over the key (Authentication rule 4): both are judged.
    if (credentials.token === null) return refusalFor(role, row)
  }
  if (!roles || !credentials.token) return null
  if (!session) return row.action === null ? null : { kind: 'unknownSession' }
  if (session.usertype !== 'admin') return null
  const role = roles.roleOf(session.account)
  if (!role) return { kind: 'noHelpdeskRole' }
  return refusalFor(role, row)
}

/** The refusal's envelope, in the language the request asks for. */
export function roleFailureBody(request: FastifyRequest, refusal: RoleRefusal) {
  const lang = languageOf(request.headers['accept-language'])
  const codes = {
    forbidden: PORTAL_ERROR_CODES.roleForbidden,
    noHelpdeskRole: PORTAL_ERROR_CODES.noHelpdeskRole,
    unknownSession: PORTAL_ERROR_CODES.roleForbidden,
    adminOnly: ERROR_CODES.forbidden,
    apiKeyFromBrowser: PORTAL_ERROR_CODES.apiKeyFromBrowser,
    apiKeyNotNamed: PORTAL_ERROR_CODES.apiKeyNotNamed,
  } as const
  return {
    success: false,
    errorcode: codes[refusal.kind],
    errormessage:
      refusal.kind === 'forbidden'
        ? roleForbiddenText(lang, refusal.role, refusal.action)
        : ROLE_FAILURES[refusal.kind][lang],
    tokenstatus: null,
  }
}

function sendRoleFailure(request: FastifyRequest, reply: FastifyReply, refusal: RoleRefusal) {
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

/**
 * The role step, after the session step and before any limit or the service: the endpoint's
 * row says which role it needs, the session (or a named API key) says who calls. Refused
 * here, a request never reaches the service, and a command is recorded as refused.
 */
export function enforceRoles(
  app: FastifyInstance,
  roles: HelpdeskRoles | null,
  sessions: {
    /** The session the session step found for this request. */
    of: (request: FastifyRequest) => SessionInfo | null
    /** The session of a token, for the portal's own routes of the help desk. */
    lookup: (token: string) => Promise<SessionInfo | null>
  },
) {
  app.addHook('preHandler', async (request, reply) => {
    const row = rowOf(request)
    if (row === null) return helpdeskRoute(request, reply)
    const token = requestFields(request).token
    const credentials = {
      token: takesSession(row) && typeof token === 'string' && token !== '' ? token : null,
      apiKey: apiKeyOf(request),
    }
    const refusal = roleRefusal(roles, row, credentials, sessions.of(request))
    if (refusal) return sendRoleFailure(request, reply, refusal)
  })

  /**
   * The help desk's records (its search, CSV and device histories) are for administrators with
   * a role: one the roles file no longer names reads no more of them.
   */
  async function helpdeskRoute(request: FastifyRequest, reply: FastifyReply) {
    if (!roles || request.routeOptions.config?.helpdesk !== true) return
    const { body } = request
    const token = typeof body === 'object' && body !== null && 'token' in body ? body.token : null
    if (typeof token !== 'string' || token === '') return
    const session = await sessions.lookup(token)
    if (session?.usertype === 'admin' && !session.ended && !roles.roleOf(session.account)) {
      return sendRoleFailure(request, reply, { kind: 'noHelpdeskRole' })
    }
  }
}
