import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SENDER_FILTERS } from '../../../contract/commands.ts'
import { recordedIdSchema as id } from '../../../contract/records.ts'
import { z } from '../../../contract/zod.ts'
import { sendApiFailure } from '../../http/api-failure.ts'
import { activityCsv, activityView, sentBy, type OwnerNames } from './activity-views.ts'
import { activityPosition, positionOf } from './activity-position.ts'
import { HIDDEN_LIMIT } from './hidden-devices.ts'
import { RECORDED_ACTIONS } from './commands.ts'
import type { WorldOf } from './world.ts'
import { sendRecordsFailure } from './records-answers.ts'
import { recordsAnswer } from './records-answers.ts'
import type { Records } from './records.ts'
import { RecordsUnavailable } from './record-store.ts'
import type { ActivityRow } from './schema.ts'
import { askService } from './service-request.ts'
import type { SessionInfo } from './sessions.ts'
import { viewerCheckKey, viewerChecks } from './viewer-checks.ts'

const RECORDS_PREFIX = '/api/portal/records'
/** How many of the service's answers a search waits for at once. */
const CHECKS_AT_ONCE = 8

/** Runs `work` on each value, at most `limit` at once. */
async function eachLimited<T>(values: T[], limit: number, work: (value: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < values.length) await work(values[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, worker))
}

const token = z.string().check(z.minLength(1), z.maxLength(8000))
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
  actor: z.optional(z.enum(SENDER_FILTERS)),
})
/** A page of the activity: the one after the position a page before ended at. */
const pageBody = z.object({ after: z.optional(activityPosition) })
const accountBody = z.object({ token })
const hideBody = z.object({ token, clientid: id, hidden: z.boolean() })
/** What the CSV reads of the service's app/list: each app's id and name. */
const appListAnswer = z.object({
  data: z.array(z.object({ id: z.string(), displayname: z.optional(z.nullable(z.string())) })),
  pagecount: z.optional(z.nullable(z.number())),
  pageindex: z.optional(z.nullable(z.number())),
})
/** What the CSV reads of the service's user/list: each user's sid, names and address. */
const userListAnswer = z.object({
  data: z.array(
    z.object({
      sid: z.string(),
      email: z.optional(z.nullable(z.string())),
      displayname: z.optional(z.nullable(z.string())),
      firstname: z.optional(z.nullable(z.string())),
      lastname: z.optional(z.nullable(z.string())),
    }),
  ),
  pagecount: z.optional(z.nullable(z.number())),
  pageindex: z.optional(z.nullable(z.number())),
})
/** How many pages of a list the CSV reads at most: beyond them it names apps and owners by id. */
const PAGES_READ = 50
/** A session's id is a UUID (sessions.ts): anything else names none, a NUL included. */
const sessionId = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))
const endBody = z.union([
  z.object({ token, session: sessionId }),
  z.object({ token, others: z.literal(true) }),
])

/** How many records the help desk's search shows, the newest first. */
const ACTIVITY_SHOWN = 500
/** How many records the activity's CSV holds, the newest first. */
const ACTIVITY_CSV_ROWS = 50_000

/** How many records a device's history shows, the newest first. */
const HISTORY_SHOWN = 20

/** How many sessions that ran out by themselves the account page lists. */
const ENDED_SHOWN = 5

/** How long after its last use a session not signed out still counts as signed in. */
interface RecordsRouteOptions {
  liveMs: number
  /** The service's token lifetime, where known: a session whose newest token is older ended. */
  tokenLifetimeMs?: number
  worldOf: WorldOf
  /** How long a change to a user is shown as waiting for the service's answer. */
  changeWaitMs: number
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
  const checks = viewerChecks()

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
    const answer = await askService(app, request, path, body)
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
   * Every item of a list the service gives the reader's token (docs/operating.md, Paging): page 1,
   * then the others by `pageindex`. Every page or none (null): an answer that fails, a service
   * that answers another page than the one asked for, or more than `PAGES_READ` pages.
   */
  async function wholeList<T>(
    request: FastifyRequest,
    path: 'app/list' | 'user/list',
    token: string,
    schema: z.ZodMiniType<{ data: T[]; pagecount?: number | null; pageindex?: number | null }>,
  ): Promise<T[] | null> {
    const items: T[] = []
    for (let pageindex = 1; pageindex <= PAGES_READ; pageindex += 1) {
      const body = pageindex === 1 ? { token } : { token, pageindex }
      const answer = await askService(app, request, path, body)
      const list = schema.safeParse(answer.statusCode === 200 ? answer.json() : null)
      if (!list.success || (list.data.pageindex ?? pageindex) !== pageindex) return null
      items.push(...list.data.data)
      if (pageindex >= (list.data.pagecount ?? 1)) return items
    }
    return null
  }

  /**
   * The tenant's apps by id, so the CSV names apps as the screens do; without the whole list the
   * names are left out (the CSV says the app is unknown).
   */
  async function appNamesFor(request: FastifyRequest, token: string) {
    const apps = (await wholeList(request, 'app/list', token, appListAnswer)) ?? []
    return new Map(apps.map((entry) => [entry.id, entry.displayname?.trim() || entry.id]))
  }

  /**
   * The tenant's users by sid, so the CSV names each record's owner as the screen does (the
   * display name, else first and last name). Every page or none: a user missing from a partial
   * list would be said to be deleted (null: the CSV gives the owner's sid alone).
   */
  async function ownerNamesFor(request: FastifyRequest, token: string): Promise<OwnerNames> {
    const users = await wholeList(request, 'user/list', token, userListAnswer)
    if (!users) return null
    return new Map(
      users.map((user) => {
        const full = [user.firstname, user.lastname].filter(Boolean).join(' ').trim()
        const email = user.email ?? ''
        return [user.sid, { name: user.displayname?.trim() || full || email, email }]
      }),
    )
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

  /**
   * The newest `limit` records the search matches (`paged`: older than the position the body's
   * `after` names), whether the store holds older ones it leaves out (`more`: one more is read
   * than is kept) and the position of the last one read (`next`), where the next page starts.
   * Whether an older one is this viewer's to see is not asked, so `more` says that older records
   * may be shown; the next page starts after the last one read, shown or not, so no record is
   * read twice.
   */
  async function searched(
    request: FastifyRequest,
    reply: FastifyReply,
    limit: number,
    paged = false,
  ) {
    const body = filterBody.safeParse(request.body)
    const page = pageBody.safeParse(paged ? request.body : {})
    if (!body.success || !page.success) return void sendApiFailure(request, reply, 'badRequest')
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
    const read = await records.activity.list({
      world: options.worldOf(request),
      ownerSid: sid,
      clientId: clientid,
      from: body.data.from ? new Date(body.data.from) : undefined,
      to: body.data.to ? new Date(body.data.to) : undefined,
      actions: body.data.actions,
      actor: body.data.actor,
      tenants: session.tenant ? [session.tenant, ''] : undefined,
      before: page.data.after,
      limit: limit + 1,
    })
    const more = read.length > limit
    const rows = more ? read.slice(0, limit) : read
    const next = more ? positionOf(rows.at(-1)!) : undefined
    // A named user or device was shown above; a search of everything is narrowed record by record.
    if (sid || clientid) return { session, rows, more, next, token: body.data.token }
    const shown = await shownRows(request, body.data.token, session, rows)
    if (shown === 'signedOut') return void sendApiFailure(request, reply, 'signedOut')
    return { session, rows: shown, more, next, token: body.data.token }
  }

  /**
   * The records of devices or users the service shows this token. The interface names no tenant
   * in a device's or user's record, so the service itself is the scope: a help desk of one tenant
   * never sees what was sent to a device of another. Each device, then each owner of the devices
   * left, is asked once, a few at a time; what this viewer was told a few seconds ago is not
   * asked again (viewer-checks.ts). What the viewer sent is always the viewer's to see (a refused
   * command or change that names no device or user the service shows).
   */
  async function shownRows(
    request: FastifyRequest,
    token: string,
    viewer: SessionInfo,
    rows: ActivityRow[],
  ) {
    const mine = (row: ActivityRow) => sentBy(row, viewer)
    const asker = { sessionId: viewer.id, token, world: options.worldOf(request) }
    // Each user and device once per read; an answer this viewer had a moment ago stands.
    const ask = async (path: string, member: 'clientid' | 'sid', values: Iterable<string>) => {
      const answers = new Map<string, boolean | 'signedOut'>()
      await eachLimited([...new Set(values)], CHECKS_AT_ONCE, async (value) => {
        const key = viewerCheckKey(asker, path, value)
        const known = checks.get(key)
        if (known !== undefined) return void answers.set(value, known)
        const allowed = await serviceAllows(request, path, { token, [member]: value })
        if (allowed !== 'signedOut') checks.set(key, allowed)
        answers.set(value, allowed)
      })
      return answers
    }
    const devices = await ask(
      'device/info',
      'clientid',
      rows.flatMap((row) => (row.client_id && !mine(row) ? [row.client_id] : [])),
    )
    const hidden = rows.filter((row) => !mine(row) && devices.get(row.client_id) !== true)
    // A user shown is the owner's record, or, for a refused change that names no user, proof
    // that the sender was of the viewer's tenant.
    const owners = await ask(
      'user/info',
      'sid',
      hidden.flatMap((row) => [row.owner_sid, row.tenant_sid].filter((sid) => sid !== null)),
    )
    const answers = [...devices.values(), ...owners.values()]
    if (answers.includes('signedOut')) return 'signedOut' as const
    const shown = (sid: string | null) => sid !== null && owners.get(sid) === true
    return rows.filter(
      (row) =>
        mine(row) ||
        devices.get(row.client_id) === true ||
        shown(row.owner_sid) ||
        shown(row.tenant_sid),
    )
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
          unansweredBy: session.usertype === 'user' ? session.account : null,
          // One more than is shown: whether older ones are left out (`more`), as the search says.
          limit: HISTORY_SHOWN + 1,
        }),
        records.activity.lostModeMessage(options.worldOf(request), body.data.clientid),
      ])
      const helpdesk = session.usertype === 'admin'
      return recordsAnswer(reply, {
        activity: rows
          .slice(0, HISTORY_SHOWN)
          .map((row) => activityView(row, session, helpdesk, options.changeWaitMs)),
        lostMode,
        more: rows.length > HISTORY_SHOWN,
      })
    })

    // The newest 500 records in the envelope's `data` (after `after`, the 500 older than it),
    // and beside it `more`: true when the records hold older ones that match, left out, with
    // `next`, the position the next 500 are asked after (the screen's "Show older records").
    scope.post(`${RECORDS_PREFIX}/activity`, helpdesk, async (request, reply) => {
      const found = await searched(request, reply, ACTIVITY_SHOWN, true)
      if (!found) return reply
      return {
        ...recordsAnswer(
          reply,
          found.rows.map((row) => activityView(row, found.session, true, options.changeWaitMs)),
        ),
        more: found.more,
        ...(found.next ? { next: found.next } : {}),
      }
    })

    scope.post(`${RECORDS_PREFIX}/activity.csv`, helpdesk, async (request, reply) => {
      const found = await searched(request, reply, ACTIVITY_CSV_ROWS)
      if (!found) return reply
      const day = new Date().toISOString().slice(0, 10)
      const [apps, owners] = await Promise.all([
        appNamesFor(request, found.token),
        ownerNamesFor(request, found.token),
      ])
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(
          activityCsv(
            found.rows,
            request.headers['accept-language'],
            apps,
            owners,
            options.changeWaitMs,
            Date.now(),
            found.more ? ACTIVITY_CSV_ROWS : null,
          ),
        )
    })

    scope.post(`${RECORDS_PREFIX}/account`, route, async (request, reply) => {
      const body = accountBody.safeParse(request.body)
      if (!body.success) return sendApiFailure(request, reply, 'badRequest')
      const session = await liveSessionOf(request, reply, body.data.token)
      if (!session) return reply
      const [signIns, live, notices] = await Promise.all([
        records.sessions.signIns(session),
        records.sessions.live(session, options.liveMs),
        records.sessions.newDeviceSignIns(session, session.id),
      ])
      const lifetime = options.tokenLifetimeMs
      const newest = lifetime
        ? await records.sessions.newestTokens(live.map((row) => row.id))
        : null
      /** When the session's newest token ran out: null while it may still be used. */
      const endedAt = (row: (typeof live)[number]) => {
        const issued = newest?.get(row.id)
        if (!lifetime || !issued || row.id === session.id) return null
        const end = issued.getTime() + lifetime
        return end <= Date.now() ? new Date(end) : null
      }
      const signIn = (row: (typeof signIns)[number]) => ({
        id: row.id,
        at: row.at.toISOString(),
        method: row.method,
        browser: row.browser,
        system: row.system,
        address: row.address,
        succeeded: row.succeeded,
      })
      const view = (row: (typeof live)[number]) => ({
        id: row.id,
        method: row.method,
        browser: row.browser,
        system: row.system,
        address: row.address,
        startedAt: row.started_at.toISOString(),
        lastUsedAt: row.last_used_at.toISOString(),
        current: row.id === session.id,
      })
      const ended = live.flatMap((row) => {
        const at = endedAt(row)
        return at ? [{ ...view(row), endedAt: at.toISOString() }] : []
      })
      return recordsAnswer(reply, {
        signIns: signIns.map(signIn),
        sessions: live.filter((row) => endedAt(row) === null).map(view),
        // The windows closed without signing out: shown as ended, the latest few only.
        endedSessions: ended.slice(0, ENDED_SHOWN),
        endedSessionsCount: ended.length,
        newDeviceSignIns: notices.map(signIn),
      })
    })

    // The retired devices the account hid from its own list, whichever browser hid them.
    scope.post(`${RECORDS_PREFIX}/hidden-devices`, route, async (request, reply) => {
      const body = accountBody.safeParse(request.body)
      if (!body.success) return sendApiFailure(request, reply, 'badRequest')
      const session = await liveSessionOf(request, reply, body.data.token)
      if (!session) return reply
      const clientids = await records.hidden.list(session, options.worldOf(request))
      return recordsAnswer(reply, { clientids })
    })

    scope.post(`${RECORDS_PREFIX}/hide-device`, route, async (request, reply) => {
      const body = hideBody.safeParse(request.body)
      if (!body.success) return sendApiFailure(request, reply, 'badRequest')
      const { token, clientid, hidden } = body.data
      const world = options.worldOf(request)
      if (!hidden) {
        const session = await liveSessionOf(request, reply, token)
        if (!session) return reply
        return recordsAnswer(reply, {
          clientids: await records.hidden.set(session, world, clientid, false),
        })
      }
      const session = await sessionOf(request, reply, token)
      if (!session) return reply
      // Only a device the service shows this account is its to hide.
      const allowed = await serviceAllows(request, 'device/info', { token, clientid })
      if (allowed === 'signedOut') return sendApiFailure(request, reply, 'sessionInvalid')
      if (!allowed) return sendRecordsFailure(request, reply, 'notYourDevice')
      const current = await records.hidden.list(session, world)
      if (!current.includes(clientid) && current.length >= HIDDEN_LIMIT)
        return sendRecordsFailure(request, reply, 'tooManyHidden')
      return recordsAnswer(reply, {
        clientids: await records.hidden.set(session, world, clientid, true),
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
        session,
        'session' in body.data ? { id: body.data.session } : { allBut: session.id },
      )
      if ('session' in body.data && ended === 0)
        return sendRecordsFailure(request, reply, 'notFound')
      return recordsAnswer(reply, { ended })
    })
  })
}
