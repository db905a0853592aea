import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { decodeJwt } from 'jose'
import { sendApiFailure } from '../../http/api-failure.ts'
import { API_PREFIX } from '../../proxy/proxy.ts'
import { requestFields } from '../../http/request-fields.ts'
import { endpointOf } from '../../http/request-paths.ts'
import { roleFailureBody, roleRefusal, sendRoleFailure } from '../../roles/role-guard.ts'
import type { HelpdeskRoles } from '../../roles/roles-file.ts'
import type { SignedOutTokens } from '../signed-out-tokens.ts'
import { captureAnswer, objectOf, textOf } from './answer-capture.ts'
import { browserAndSystem, shortAddress } from './client-facts.ts'
import { deviceOf, isRecordedPath } from './commands.ts'
import { forgetUser, learnUser } from './privacy.ts'
import type { Records } from './records.ts'
import type { SessionInfo } from './sessions.ts'
import type { WorldOf } from './world.ts'

/** Endpoints whose `token` field is not a session's (the reset links carry their own). */
const NO_SESSION = new Set([
  'user/login',
  'user/forgotpassword',
  'user/resetpassword',
  'user/resetpasswordinfo',
])
/** Answers read on their way out: all small envelopes. */
const READ_ANSWERS = new Set([
  'user/login',
  'user/changepassword',
  'user/renewtoken',
  'user/info',
  'user/delete',
  'device/info',
])

interface Exchange {
  path: string
  /** The test mode's world (see `WorldOf`); empty outside test mode. */
  world: string
  askedAt: Date
  session: SessionInfo | null
  answer: Record<string, unknown> | null
}

const exchanges = new WeakMap<FastifyRequest, Exchange>()

/** The endpoints the interface also opens to GET, with their fields in `?json=`. */
const GET_ENDPOINTS = new Set(['app/image', 'user/mdmprofile'])

/**
 * The endpoint as a lenient service reads the path (any case, a trailing slash, `;params`
 * dropped), so that no spelling of one skips its session check or its record; a GET only at
 * the two file endpoints, where it carries a token like a POST.
 */
function apiPath(request: FastifyRequest): string | null {
  // A path the embedded API does not have reaches no endpoint: nothing to check or record.
  if (request.is404) return null
  const path = endpointOf(request.url)
  if (!path.startsWith(`${API_PREFIX}/`)) return null
  const endpoint = path.slice(API_PREFIX.length + 1)
  if (request.method === 'POST') return endpoint
  const reads = request.method === 'GET' || request.method === 'HEAD'
  return reads && GET_ENDPOINTS.has(endpoint) ? endpoint : null
}

/** The account of a Microsoft sign-in: the identity token names it (the service checked it). */
export function identityAccount(token: string | null): string | null {
  if (!token) return null
  if (token.startsWith('demo-idp:')) return token.slice('demo-idp:'.length)
  try {
    const claims = decodeJwt(token)
    for (const claim of ['preferred_username', 'email', 'upn']) {
      const value = claims[claim]
      if (typeof value === 'string' && value.includes('@')) return value
    }
  } catch {
    // Not a JWT: the sign-in is recorded without an account name it could be found by.
  }
  return null
}

/** The account a sign-in names: its user name, or the one its identity token names. */
function signInAccount(fields: Record<string, unknown>): string | undefined {
  return (
    fields.type === 'microsoft'
      ? identityAccount(textOf(fields.token, 8000))
      : textOf(fields.username)
  )
    ?.trim()
    .toLowerCase()
}

function signIn(
  records: Records,
  request: FastifyRequest,
  answer: Record<string, unknown> | null,
  status: number,
) {
  const fields = requestFields(request)
  const method = fields.type === 'microsoft' ? 'microsoft' : 'password'
  const account = signInAccount(fields)
  if (!account) return
  const facts = {
    account: account.slice(0, 320),
    usertype: fields.usertype === 'admin' ? ('admin' as const) : ('user' as const),
    tenant: textOf(fields.mtcid, 200),
    method: method as 'password' | 'microsoft',
    ...browserAndSystem(request.headers['user-agent']),
    address: shortAddress(request.ip),
  }
  const token = textOf(answer?.token, 8000)
  if (status < 300 && answer?.success === true && token) records.sessions.signedIn(facts, token)
  else if (status < 500) records.sessions.signInFailed(facts)
}

function afterAnswer(
  records: Records,
  request: FastifyRequest,
  exchange: Exchange,
  status: number,
) {
  const { path, answer, session } = exchange
  const succeeded = status < 300 && answer?.success === true
  if (path === 'user/login') return signIn(records, request, answer, status)
  if (path === 'user/renewtoken') {
    const token = textOf(answer?.token, 8000)
    if (succeeded && session && token) records.sessions.renewed(session, token)
    return
  }
  if (path === 'user/changepassword') {
    // A new password ends the account's other sessions: whoever knew the old one is out.
    if (succeeded && session) records.sessions.endOthers(session)
    return
  }
  const fields = requestFields(request)
  if (path === 'user/info') {
    const user = objectOf(answer?.userinfo)
    const sid = textOf(user?.sid, 200)
    const email = textOf(user?.email)
    if (succeeded && sid && email) learnUser(records.store, sid, email.toLowerCase())
    return
  }
  if (path === 'user/delete') {
    const sid = textOf(fields.sid, 200)
    if (succeeded && sid) forgetUser(records.store, sid)
    return
  }
  const device = deviceOf(fields)
  if (!device) return
  if (path === 'device/info') {
    const info = objectOf(answer?.deviceinfo)
    if (succeeded && info)
      records.activity.seenDevice(exchange.world, device, info, exchange.askedAt)
    return
  }
  if (!isRecordedPath(path)) return
  records.activity.recordCommand({
    path,
    fields,
    clientId: device,
    world: exchange.world,
    session,
    apiKey: !session && typeof request.headers.authorization === 'string',
    status,
    errorcode: textOf(answer?.errorcode, 100),
    success: answer?.success === true,
  })
}

/**
 * Hooks on the API routes, embedded or proxied alike: a token whose session was ended anywhere
 * is refused, and the sign-ins, renewals and commands that pass are recorded after their answer
 * went out. Nothing here waits for the store beyond a short look-up of the token.
 */
export function recordApiTraffic(
  app: FastifyInstance,
  records: Records,
  signedOut: SignedOutTokens,
  worldOf: WorldOf,
  roles: HelpdeskRoles | null = null,
) {
  signedOut.onEnd((token) => records.sessions.endedByToken(token))

  app.addHook('preHandler', async (request, reply) => {
    const path = apiPath(request)
    if (path === null) return
    const exchange: Exchange = {
      path,
      world: worldOf(request),
      askedAt: new Date(),
      session: null,
      answer: null,
    }
    exchanges.set(request, exchange)
    const token = NO_SESSION.has(path) ? undefined : textOf(requestFields(request).token, 8000)
    if (!token) return
    const session = await records.sessions.lookup(token)
    if (session?.ended) {
      exchanges.delete(request)
      await signedOut.end(token, request)
      return sendApiFailure(request, reply, 'signedOut')
    }
    if (session) {
      exchange.session = session
      records.sessions.touch(session)
    }
    // Refused here, the request never reaches the service, and a command is recorded as refused.
    const refusal = roleRefusal(roles, request, path, token, session)
    if (refusal) return sendRoleFailure(request, reply, refusal)
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const exchange = exchanges.get(request)
    if (!exchange || !(READ_ANSWERS.has(exchange.path) || isRecordedPath(exchange.path))) {
      return payload
    }
    const captured = await captureAnswer(reply, payload)
    exchange.answer = captured.answer
    if (exchange.path === 'user/login' && roles) return refuseUnnamedAdmin(request, reply, captured)
    return captured.payload
  })

  /**
   * An administrator the roles file does not name is refused the help desk once the service
   * has said the password was right (before, the refusal would tell anyone which addresses the
   * file names), and the token it was given ends at once.
   */
  async function refuseUnnamedAdmin(
    request: FastifyRequest,
    reply: FastifyReply,
    captured: { answer: Record<string, unknown> | null; payload: unknown },
  ) {
    const exchange = exchanges.get(request)
    const fields = requestFields(request)
    const token = textOf(captured.answer?.token, 8000)
    const account = signInAccount(fields)
    if (fields.usertype !== 'admin' || captured.answer?.success !== true || !token || !exchange) {
      return captured.payload
    }
    if (account && roles?.roleOf(account)) return captured.payload
    await signedOut.end(token, request)
    const body = roleFailureBody(request, { kind: 'noHelpdeskRole' })
    exchange.answer = body
    reply.code(403).header('cache-control', 'no-store').removeHeader('content-length')
    return JSON.stringify(body)
  }

  app.addHook('onResponse', async (request, reply) => {
    const exchange = exchanges.get(request)
    if (!exchange) return
    try {
      afterAnswer(records, request, exchange, reply.statusCode)
    } catch (error) {
      request.log.error({ err: error }, 'a request could not be recorded')
    }
  })
}
