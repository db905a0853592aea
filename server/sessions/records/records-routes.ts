import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from '../../../contract/zod.ts'
import { sendApiFailure } from '../../http/api-failure.ts'
import { API_PREFIX } from '../../proxy/proxy.ts'
import { activityCsv, activityView } from './activity-views.ts'
import { RECORDED_ACTIONS } from './commands.ts'
import type { WorldOf } from './world.ts'
import { sendRecordsFailure } from './records-answers.ts'
import { recordsAnswer } from './records-answers.ts'
import type { Records } from './records.ts'
import { RecordsUnavailable } from './record-store.ts'
import type { SessionInfo } from './sessions.ts'

export const RECORDS_PREFIX = '/api/portal/records'

const token = z.string().check(z.minLength(1), z.maxLength(8000))
const id = z.string().check(z.minLength(1), z.maxLength(200))
const deviceBody = z.object({ token, clientid: id })
const filterBody = z.object({
  token,
  sid: z.optional(id),
  clientid: z.optional(id),
  from: z.optional(z.iso.datetime({ offset: true })),
  to: z.optional(z.iso.datetime({ offset: true })),
  actions: z.optional(
    z.array(z.enum(RECORDED_ACTIONS as [string, ...string[]])).check(z.maxLength(20)),
  ),
  actor: z.optional(z.enum(['user', 'helpdesk'])),
})
const accountBody = z.object({ token })
/** A session's id is a UUID (sessions.ts): anything else names none, a NUL included. */
const sessionId = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))
const endBody = z.union([
  z.object({ token, session: sessionId }),
  z.object({ token, others: z.literal(true) }),
])

/** How long after its last use a session not signed out still counts as signed in. */
export interface RecordsRouteOptions {
  liveMs: number
  worldOf: WorldOf
}

/**
 * The portal's own routes over its records, in the service's envelope: a device's history, the
 * help desk's search and CSV, the account's sign-ins and sessions, and ending a session. Who may
 * see a device or a user is the service's answer to the same token: the route asks it first.
 */
export async function recordsRoutes(
  app: FastifyInstance,
  records: Records,
  options: RecordsRouteOptions,
) {
  async function sessionOf(request: FastifyRequest, reply: FastifyReply, value: string) {
    const session = await records.sessions.lookup(value)
    if (session && !session.ended) return session
    if (session?.ended) return void sendApiFailure(request, reply, 'signedOut')
    const reachable = await records.store.reachable()
    return void sendRecordsFailure(request, reply, reachable ? 'noSession' : 'unavailable')
  }

  /** Whether the service lets this token read what the request names. */
  async function serviceAllows(
    request: FastifyRequest,
    path: string,
    body: Record<string, unknown>,
  ) {
    const answer = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/${path}`,
      headers: {
        'content-type': 'application/json',
        ...(request.headers['accept-language']
          ? { 'accept-language': request.headers['accept-language'] }
          : {}),
        ...(request.headers['x-mdm-world']
          ? { 'x-mdm-world': request.headers['x-mdm-world'] }
          : {}),
      },
      payload: JSON.stringify(body),
    })
    if (answer.statusCode === 401) return 'signedOut' as const
    try {
      const json: unknown = answer.json()
      return (
        answer.statusCode === 200 &&
        typeof json === 'object' &&
        json !== null &&
        'success' in json &&
        json.success === true
      )
    } catch {
      return false
    }
  }

  /**
   * The session of a token the service still takes: a token the portal knows may have been
   * renewed away or ended at the service, and then it no longer speaks for its session.
   */
  async function liveSessionOf(request: FastifyRequest, reply: FastifyReply, value: string) {
    const session = await sessionOf(request, reply, value)
    if (!session) return
    const taken = await serviceAllows(request, 'user/info', { token: value })
    if (taken === true) return session
    if (taken === 'signedOut') return void sendApiFailure(request, reply, 'sessionInvalid')
    return void sendRecordsFailure(request, reply, 'forbidden')
  }

  async function searched(request: FastifyRequest, reply: FastifyReply, limit: number) {
    const body = filterBody.safeParse(request.body)
    if (!body.success) return void sendApiFailure(request, reply, 'badRequest')
    const session = await sessionOf(request, reply, body.data.token)
    if (!session) return
    if (session.usertype !== 'admin') return void sendRecordsFailure(request, reply, 'forbidden')
    const { sid, clientid } = body.data
    const checks = [
      sid ? serviceAllows(request, 'user/info', { token: body.data.token, sid }) : true,
      clientid ? serviceAllows(request, 'device/info', { token: body.data.token, clientid }) : true,
    ]
    const allowed = await Promise.all(checks)
    if (allowed.includes('signedOut')) return void sendApiFailure(request, reply, 'signedOut')
    if (allowed.includes(false)) return void sendRecordsFailure(request, reply, 'forbidden')
    const rows = await records.activity.list({
      world: options.worldOf(request),
      ownerSid: sid,
      clientId: clientid,
      from: body.data.from ? new Date(body.data.from) : undefined,
      to: body.data.to ? new Date(body.data.to) : undefined,
      actions: body.data.actions,
      actor: body.data.actor,
      limit,
    })
    return { session, rows }
  }

  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof RecordsUnavailable)
        return sendRecordsFailure(request, reply, 'unavailable')
      request.log.error({ err: error }, 'a records route failed')
      return sendApiFailure(request, reply, 'badRequest')
    })
    const route = { bodyLimit: 16 * 1024 }
    // The help desk's views: the role step refuses an administrator the roles file does not name.
    const helpdesk = { ...route, config: { helpdesk: true } }

    scope.post(`${RECORDS_PREFIX}/device`, helpdesk, async (request, reply) => {
      const body = deviceBody.safeParse(request.body)
      if (!body.success) return sendApiFailure(request, reply, 'badRequest')
      const session = await sessionOf(request, reply, body.data.token)
      if (!session) return reply
      const allowed = await serviceAllows(request, 'device/info', body.data)
      if (allowed === 'signedOut') return sendApiFailure(request, reply, 'signedOut')
      if (!allowed) return sendRecordsFailure(request, reply, 'forbidden')
      const [rows, lostMode] = await Promise.all([
        records.activity.list({
          world: options.worldOf(request),
          clientId: body.data.clientid,
          limit: 20,
        }),
        records.activity.lostModeMessage(options.worldOf(request), body.data.clientid),
      ])
      const helpdesk = session.usertype === 'admin'
      return recordsAnswer(reply, {
        activity: rows.map((row) => activityView(row, session.account, helpdesk)),
        lostMode,
      })
    })

    scope.post(`${RECORDS_PREFIX}/activity`, helpdesk, async (request, reply) => {
      const found = await searched(request, reply, 500)
      if (!found) return reply
      return recordsAnswer(
        reply,
        found.rows.map((row) => activityView(row, found.session.account, true)),
      )
    })

    scope.post(`${RECORDS_PREFIX}/activity.csv`, helpdesk, async (request, reply) => {
      const found = await searched(request, reply, 50_000)
      if (!found) return reply
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(activityCsv(found.rows, request.headers['accept-language']))
    })

    scope.post(`${RECORDS_PREFIX}/account`, route, async (request, reply) => {
      const body = accountBody.safeParse(request.body)
      if (!body.success) return sendApiFailure(request, reply, 'badRequest')
      const session = await liveSessionOf(request, reply, body.data.token)
      if (!session) return reply
      const [signIns, live, notices] = await Promise.all([
        records.sessions.signIns(session.account),
        records.sessions.live(session.account, options.liveMs),
        records.sessions.newDeviceSignIns(session.account, session.id),
      ])
      const signIn = (row: (typeof signIns)[number]) => ({
        id: row.id,
        at: row.at.toISOString(),
        method: row.method,
        browser: row.browser,
        system: row.system,
        address: row.address,
        succeeded: row.succeeded,
      })
      return recordsAnswer(reply, {
        signIns: signIns.map(signIn),
        sessions: live.map((row) => ({
          id: row.id,
          method: row.method,
          browser: row.browser,
          system: row.system,
          address: row.address,
          startedAt: row.started_at.toISOString(),
          lastUsedAt: row.last_used_at.toISOString(),
          current: row.id === session.id,
        })),
        newDeviceSignIns: notices.map(signIn),
      })
    })

    scope.post(`${RECORDS_PREFIX}/end-session`, route, async (request, reply) => {
      const body = endBody.safeParse(request.body)
      if (!body.success) return sendApiFailure(request, reply, 'badRequest')
      const session: SessionInfo | undefined = await liveSessionOf(request, reply, body.data.token)
      if (!session) return reply
      if ('session' in body.data && body.data.session === session.id) {
        return sendApiFailure(request, reply, 'badRequest')
      }
      const ended = await records.sessions.end(
        session.account,
        'session' in body.data ? { id: body.data.session } : { allBut: session.id },
      )
      if ('session' in body.data && ended === 0)
        return sendRecordsFailure(request, reply, 'notFound')
      return recordsAnswer(reply, { ended })
    })
  })
}
