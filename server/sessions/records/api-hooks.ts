import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { decodeJwt } from 'jose'
import { sendApiFailure } from '../../http/api-failure.ts'
import { identityEmail } from '../../shared/identity-account.ts'
import { isLostAnswer } from '../../../contract/error-codes.ts'
import { AUTOMATIC_HEADER, isSentAutomatically } from '../../../contract/commands.ts'
import { takesSession } from '../../../contract/endpoints.ts'
import { rowOf, type RulePath } from '../../http/endpoint-routes.ts'
import { requestFields } from '../../http/request-fields.ts'
import { roleFailureBody } from '../../roles/role-guard.ts'
import type { HelpdeskRoles } from '../../roles/roles-file.ts'
import type { SignedOutTokens } from '../signed-out-tokens.ts'
import { captureAnswer, objectOf, textOf } from './answer-capture.ts'
import { askService } from './service-request.ts'
import { browserAndSystem, shortAddress } from './client-facts.ts'
import {
  deviceNamed,
  isRecordedPath,
  isUserChange,
  markedDevice,
  RECORDED_COMMANDS,
  storable,
  type DeviceMember,
  type RecordedPath,
  type UserChangePath,
} from './commands.ts'
import type { AttemptedCommand, CommandAnswer, Placement } from './activity.ts'
import { forgetUser, learnUser } from './privacy.ts'
import type { Records } from './records.ts'
import type { SessionInfo } from './sessions.ts'
import type { WorldOf } from './world.ts'
import { forgetWitness, tenantWitnesses, viewerCheckKey } from './viewer-checks.ts'

type Witnesses = ReturnType<typeof tenantWitnesses>

interface Exchange {
  path: RulePath
  /**
   * The account a sign-in's new token belongs to, as the service names it (`user/info` of that
   * token): never what the request claims, which a lenient service may read otherwise.
   */
  account?: string | null
  /** Whether the answer is read on its way out (the row says so). */
  readAnswer: boolean
  /** The test mode's world (see `WorldOf`); empty outside test mode. */
  world: string
  askedAt: Date
  session: SessionInfo | null
  answer: Record<string, unknown> | null
  /** The record of a command, queued before the command went to the service. */
  recordId?: string
}

const exchanges = new WeakMap<FastifyRequest, Exchange>()

/** The session a request's token belongs to, once the session step has found it. */
export function sessionOfRequest(request: FastifyRequest): SessionInfo | null {
  return exchanges.get(request)?.session ?? null
}

/** The account of a Microsoft sign-in: the identity token names it (the service checked it). */
export function identityAccount(token: string | null): string | null {
  if (!token) return null
  if (token.startsWith('demo-idp:')) return token.slice('demo-idp:'.length)
  try {
    return identityEmail(decodeJwt(token))
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
  exchange: Exchange,
  answer: Record<string, unknown> | null,
  status: number,
) {
  const fields = requestFields(request)
  const method = fields.type === 'microsoft' ? 'microsoft' : 'password'
  const token = textOf(answer?.token, 8000)
  const signedIn = status < 300 && answer?.success === true && token
  // A session is the account the service names for its token; a failure, the name tried.
  const account = signedIn ? exchange.account : signInAccount(fields)
  if (!account) return
  const usertype = fields.usertype === 'admin' ? ('admin' as const) : ('user' as const)
  const facts = {
    account: storable(account.slice(0, 320)),
    usertype,
    // The service holds an administrator to the tenant named (spec: Authentication rule 5); a
    // user's sign-in names none it would check, so a user's records name no tenant either.
    tenant: usertype === 'admin' ? storable(textOf(fields.mtcid, 200)?.trim() ?? '') : '',
    method: method as 'password' | 'microsoft',
    ...browserAndSystem(request.headers['user-agent']),
    address: shortAddress(request.ip),
  }
  if (signedIn) records.sessions.signedIn(facts, signedIn)
  else if (status < 500) records.sessions.signInFailed(facts)
}

async function afterAnswer(
  app: FastifyInstance,
  records: Records,
  witnesses: Witnesses,
  request: FastifyRequest,
  exchange: Exchange,
  status: number,
) {
  const { path, answer, session } = exchange
  const succeeded = status < 300 && answer?.success === true
  if (path === 'user/login') return signIn(records, request, exchange, answer, status)
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
  const ask: ServiceAsk = { app, witnesses, request, exchange }
  // The user of the sender's tenant a deleted user's records are kept with from now on.
  let witness: string | null = null
  if (path === 'user/delete') {
    const sid = textOf(fields.sid, 200)
    if (succeeded && sid) {
      forgetUser(records.store, sid)
      forgetWitness(witnesses, storable(sid))
      // The service shows no one a deleted user: what was filed under them (their invitation,
      // their devices' commands) and the refusals kept with them move to another of its users.
      witness = await tenantWitness(ask)
      records.activity.moveTenantWitness(exchange.world, storable(sid), witness)
    }
  }
  if (path === 'user/create') {
    // The new user's address, for removing what names it once the user is deleted.
    const sid = textOf(objectOf(answer?.data)?.sid, 200)
    const email = textOf(fields.email)?.trim().toLowerCase()
    if (succeeded && sid && email) learnUser(records.store, sid, email)
  }
  if (isRecordedPath(path) && isUserChange(path)) {
    // No answer of the service's: its record stays sent, shown as waiting, then as without an
    // answer (activity-views.ts), never as refused nor as taken.
    if (exchange.recordId && answerLost(answer)) return
    const outcome = outcomeOf(status, answer)
    const placement = await userChangePlacement(ask, path, outcome, witness)
    if (exchange.recordId) {
      return records.activity.recordAnswer(exchange.recordId, path, outcome, placement)
    }
    return records.activity.recordCommand(
      { ...attemptOf(request, exchange, path, placement.clientId), ...outcome },
      placement,
    )
  }
  const named = deviceNamed(fields)
  if (!named) return
  if (path === 'device/info') {
    const info = objectOf(answer?.deviceinfo)
    // Asked by serial number or IMEI, the device is still known by its client id.
    const clientId = textOf(info?.clientid, 200)
    if (succeeded && info)
      records.activity.seenDevice(
        exchange.world,
        clientId ? storable(clientId) : named.value,
        info,
        exchange.askedAt,
      )
    return
  }
  if (path === 'app/list' || path === 'app/info') {
    // Only a user's answer is of one device's apps: the service takes `clientid` from users
    // alone (spec: App endpoints), an administrator's is of the tenant's.
    const helpdesk = session
      ? session.usertype === 'admin'
      : typeof request.headers.authorization === 'string'
    if (!succeeded || helpdesk || named.member !== 'clientid') return
    const data = answer?.data
    const apps = Array.isArray(data) ? data : [data]
    records.activity.seenApps(
      exchange.world,
      named.value,
      apps,
      exchange.askedAt,
      path === 'app/list' && isWholeList(answer, apps.length),
    )
    return
  }
  if (!isRecordedPath(path)) return
  // One the portal answered in the service's stead is filed as a refusal is (the service may
  // not have it), and kept as sent with the portal's code: without the service's answer, never
  // refused (activity.ts, activity-views.ts).
  const outcome = outcomeOf(status, answer)
  const placement = await placementOf(app, request, exchange, named, outcome)
  if (exchange.recordId) {
    return records.activity.recordAnswer(exchange.recordId, path, outcome, placement)
  }
  records.activity.recordCommand(
    { ...attemptOf(request, exchange, path, placement.clientId), ...outcome },
    placement,
  )
}

/**
 * Whether the portal answered in the service's stead, not knowing what the service did: the
 * service did not answer in time (or before the portal stopped), could not be reached, or its
 * answer could not be read, or it failed without its envelope (api-failure.ts: serviceTimeout,
 * serviceUnavailable, badAnswer, tooBusy, serviceFailed); or no envelope went out at all.
 */
function answerLost(answer: Record<string, unknown> | null): boolean {
  return answer === null || isLostAnswer(textOf(answer.errorcode, 100))
}

/**
 * Whether a list answer holds the whole list: its one page, every item it counts (spec: "pagecount,
 * pageindex, totalcount: present in list responses"). One page of several leaves out apps that
 * are on the others.
 */
function isWholeList(answer: Record<string, unknown> | null, items: number): boolean {
  const { pagecount, pageindex, totalcount } = answer ?? {}
  return (
    (pagecount === undefined || pagecount === 1) &&
    (pageindex === undefined || pageindex === 1) &&
    (totalcount === undefined || totalcount === items)
  )
}

function outcomeOf(status: number, answer: Record<string, unknown> | null): CommandAnswer {
  return { status, errorcode: textOf(answer?.errorcode, 100), success: answer?.success === true }
}

/** A change to a user is in no device's history: it is the user's (by sid), where one is named. */
function userPlacement(sid: string | null): Placement {
  return { clientId: '', facts: { name: null, ownerSid: sid === null ? null : storable(sid) } }
}

/**
 * Where a change to a user is filed once answered. One the service took is the user's: the one
 * deleted, sent a password link, or made by the invitation; a deletion is kept with `witness`
 * too, a user of the sender's tenant, since the service shows no one the deleted user. A refused
 * deletion or password link is the user's only when the service shows the sender that user
 * (never filed under a user of another tenant). Any other refusal
 * names no user: it is the help desk's, kept with a user of the sender's tenant (the first the
 * service lists for the sender) so that every help desk of that tenant sees it, and the sender's
 * alone where the service lists none (an employee, an ended session, an empty tenant).
 */
async function userChangePlacement(
  ask: ServiceAsk,
  path: UserChangePath,
  outcome: CommandAnswer,
  witness: string | null,
): Promise<Placement> {
  const { app, request, exchange } = ask
  const fields = requestFields(request)
  const named = textOf(fields.sid, 200)
  if (outcome.status < 300 && outcome.success) {
    if (path === 'user/delete') return { ...userPlacement(named), tenantSid: witness }
    if (path === 'user/create') {
      return userPlacement(textOf(objectOf(exchange.answer?.data)?.sid, 200))
    }
    return userPlacement(named)
  }
  const { session } = exchange
  const helpdesk = session
    ? session.usertype === 'admin'
    : typeof request.headers.authorization === 'string'
  if (!helpdesk || session?.ended) return userPlacement(null)
  const token = textOf(fields.token, 8000)
  const credentials: Record<string, string> = token ? { token } : {}
  if (path !== 'user/create' && named) {
    const shown = await serviceShows(app, request, 'user/info', { ...credentials, sid: named })
    if (shown) return userPlacement(named)
  }
  return { ...userPlacement(null), tenantSid: await tenantWitness(ask) }
}

/** What filing a change to a user asks the service with, and what it keeps of its answers. */
interface ServiceAsk {
  app: FastifyInstance
  witnesses: Witnesses
  request: FastifyRequest
  exchange: Exchange
}

/**
 * A user of the sender's tenant: the first the service lists for the sender, if any. The answer
 * stands a little while for the same viewer (its session, its token or API key, its test world:
 * viewer-checks.ts), so a help desk refused again and again asks for the list once; none found
 * is asked again.
 */
async function tenantWitness({ app, witnesses, request, exchange }: ServiceAsk) {
  const token = textOf(requestFields(request).token, 8000)
  const credential = token ?? request.headers.authorization
  const viewer =
    typeof credential === 'string'
      ? { sessionId: exchange.session?.id ?? '', token: credential, world: exchange.world }
      : null
  const key = viewer && viewerCheckKey(viewer, 'user/list', '')
  const known = key === null ? undefined : witnesses.get(key)
  if (known !== undefined) return known
  const listed = await serviceShows(app, request, 'user/list', token ? { token } : {})
  const first = Array.isArray(listed?.data) ? objectOf(listed.data[0]) : null
  const sid = textOf(first?.sid, 200)
  if (sid === null) return null
  if (key !== null) witnesses.set(key, storable(sid))
  return storable(sid)
}

/**
 * Asks the service, with the caller's own token (or named API key), for what it shows that
 * caller: the answer's envelope when it succeeded, else null.
 */
async function serviceShows(
  app: FastifyInstance,
  request: FastifyRequest,
  path: 'device/info' | 'user/info' | 'user/list',
  body: Record<string, string>,
): Promise<Record<string, unknown> | null> {
  const answer = await askService(app, request, path, body, true)
  try {
    const envelope = objectOf(answer.json())
    return answer.statusCode === 200 && envelope?.success === true ? envelope : null
  } catch {
    return null
  }
}

/**
 * Where a command's record is filed. A command the service took by client id is the device's. Any
 * other (refused, or naming the device by serial number or IMEI) is filed under the device the
 * service shows the caller for that identifier (`device/info` with the caller's own token): the
 * caller's own device, or one a help desk may see. A device it does not show is not the caller's:
 * the record is the caller's alone, under the identifier as given, marked, never in another
 * user's device history.
 */
async function placementOf(
  app: FastifyInstance,
  request: FastifyRequest,
  exchange: Exchange,
  named: { member: DeviceMember; value: string },
  outcome: CommandAnswer,
): Promise<Placement> {
  const taken = outcome.status < 300 && outcome.success
  if (named.member === 'clientid' && taken) return { clientId: named.value }
  // An ended session's token speaks for nobody: the service is not asked with it.
  if (exchange.session?.ended) {
    return { clientId: markedDevice(named), facts: { name: null, ownerSid: null } }
  }
  const token = textOf(requestFields(request).token, 8000)
  const credentials: Record<string, string> = token ? { token } : {}
  const shown = await serviceShows(app, request, 'device/info', {
    ...credentials,
    [named.member]: named.value,
  })
  const info = objectOf(shown?.deviceinfo)
  const clientId = textOf(info?.clientid, 200)
  if (info && clientId) {
    const name = textOf(info.displayname, 200)
    const ownerSid = textOf(info.usersid, 200)
    return {
      clientId: storable(clientId),
      facts: {
        name: name === null ? null : storable(name),
        ownerSid: ownerSid === null ? null : storable(ownerSid),
      },
    }
  }
  // A user's own refused attempt stays in their own activity; a help desk's has no owner.
  const user = token !== null && exchange.session?.usertype !== 'admin'
  const own = user
    ? objectOf((await serviceShows(app, request, 'user/info', { token }))?.userinfo)
    : null
  const ownSid = textOf(own?.sid, 200)
  return {
    clientId: markedDevice(named),
    facts: { name: null, ownerSid: ownSid === null ? null : storable(ownSid) },
  }
}

function attemptOf(
  request: FastifyRequest,
  exchange: Exchange,
  path: RecordedPath,
  clientId: string,
): AttemptedCommand {
  const { session } = exchange
  const action = RECORDED_COMMANDS[path].action
  const after = request.headers[AUTOMATIC_HEADER]
  return {
    path,
    fields: requestFields(request),
    clientId,
    world: exchange.world,
    session,
    apiKey: !session && typeof request.headers.authorization === 'string',
    automaticAfter: typeof after === 'string' && isSentAutomatically(action, after) ? after : null,
  }
}

/**
 * No change without its record: a command's record is queued before the command goes out. A
 * help desk change is refused while the store cannot keep it; an employee's command on their
 * own device goes through all the same (a lost phone must lock during an outage), its record
 * waiting in the queue until the store takes it.
 */
function recordBefore(
  records: Records,
  request: FastifyRequest,
  reply: FastifyReply,
  exchange: Exchange,
) {
  const { path } = exchange
  if (!isRecordedPath(path)) return
  const placement = attemptPlacement(path, requestFields(request))
  if (!placement) return
  const attempt = attemptOf(request, exchange, path, placement.clientId)
  const helpdesk = attempt.apiKey || attempt.session?.usertype === 'admin'
  if (helpdesk && !records.store.queue.canKeep()) {
    exchanges.delete(request)
    return sendApiFailure(request, reply, 'recordsCannotBeKept')
  }
  exchange.recordId = records.activity.recordAttempt(attempt, placement.facts)
}

/**
 * Where an attempt is filed until its answer: a device's command under the client id it names,
 * so that the device's history shows it pending at once (a refusal moves it, see placementOf);
 * one by serial number or IMEI under that identifier, marked, until resolved; a change to a user
 * under the user. Null when a command names no device.
 */
function attemptPlacement(path: RecordedPath, fields: Record<string, unknown>): Placement | null {
  if (isUserChange(path)) return userPlacement(textOf(fields.sid, 200))
  const named = deviceNamed(fields)
  if (!named) return null
  if (named.member === 'clientid') return { clientId: named.value }
  return { clientId: markedDevice(named), facts: { name: null, ownerSid: null } }
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
  const witnesses = tenantWitnesses()

  // The session step: a token whose session was ended anywhere is refused, for every method.
  app.addHook('preHandler', async (request, reply) => {
    const row = rowOf(request)
    if (row === null) return
    const exchange: Exchange = {
      path: row.path,
      readAnswer: row.readAnswer,
      world: worldOf(request),
      askedAt: new Date(),
      session: null,
      answer: null,
    }
    exchanges.set(request, exchange)
    const token = takesSession(row) ? textOf(requestFields(request).token, 8000) : undefined
    if (token) {
      const session = await records.sessions.lookup(token)
      if (session?.ended) {
        // Refused here, and recorded all the same: a command of an ended session is kept as
        // refused, its sender's alone (see placementOf).
        exchange.session = session
        await signedOut.end(token, request)
        return sendApiFailure(request, reply, 'signedOut')
      }
      if (session) {
        exchange.session = session
        records.sessions.touch(session)
      }
    }
    return recordBefore(records, request, reply, exchange)
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const exchange = exchanges.get(request)
    if (!exchange?.readAnswer) {
      return payload
    }
    const captured = await captureAnswer(reply, payload)
    exchange.answer = captured.answer
    if (exchange.path === 'user/login') {
      exchange.account = await serviceAccount(request, captured.answer)
      if (roles) return refuseUnnamedAdmin(request, reply, captured)
    }
    return captured.payload
  })

  /** The account the service says a sign-in's new token is for (its own `user/info`). */
  async function serviceAccount(
    request: FastifyRequest,
    answer: Record<string, unknown> | null,
  ): Promise<string | null> {
    const token = textOf(answer?.token, 8000)
    if (answer?.success !== true || !token) return null
    const info = await serviceShows(app, request, 'user/info', { token })
    return textOf(objectOf(info?.userinfo)?.email)?.trim().toLowerCase() ?? null
  }

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
    const account = exchange?.account
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
      await afterAnswer(app, records, witnesses, request, exchange, reply.statusCode)
    } catch (error) {
      request.log.error({ err: error }, 'a request could not be recorded')
    }
  })
}
