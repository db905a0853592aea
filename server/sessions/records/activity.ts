import { randomUUID } from 'node:crypto'
import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import {
  AUTOMATIC_COMMANDS,
  COMMAND_NAMES,
  type Command,
  type SenderFilter,
} from '../../../contract/commands.ts'
import {
  isUserChange,
  keptDetails,
  pendingMember,
  type RecordedPath,
  RECORDED_COMMANDS,
  storable,
} from './commands.ts'
import { isLostAnswer } from '../../../contract/error-codes.ts'
import { ANDROID_FOR_WORK_TYPE, APP_STATUS } from '../../../contract/schemas.ts'
import type { RecordStore } from './record-store.ts'
import type { ActivityRow, Actor, Database } from './schema.ts'
import type { SessionInfo } from './sessions.ts'

/** A command the service took, still pending on the device after this long: "no answer yet". */
export const ANSWER_WAIT_MS = 86_400_000
const DEVICE_CACHE_LIMIT = 10_000

/**
 * How long a change may be without the service's answer before it is shown as "no answer from
 * the service" (an invitation or deletion of a user, or a device's command whose answer the
 * portal never recorded, having stopped before it came): the service answers within the
 * portal's own wait for it (MDM_API_TIMEOUT_MS, `proxyTimeoutMs` in server/config.ts: 25 s unless
 * set), and the record is completed just after. Five minutes, or four such waits where they are
 * longer, is well past both.
 */
export function changeAnswerWaitMs(serviceTimeoutMs: number): number {
  return Math.max(5 * 60_000, 4 * serviceTimeoutMs)
}

export interface DeviceFacts {
  name: string | null
  ownerSid: string | null
  /**
   * An Android device with a work profile, as its last info answer said: a wipe without
   * `partial` removes only the work profile there (spec: "depending on its management mode,
   * only a work container is removed"), and its record says so.
   */
  workProfile?: boolean
}

export interface AttemptedCommand {
  path: RecordedPath
  fields: Record<string, unknown>
  clientId: string
  /** The test mode's world the command was sent in; empty outside test mode. */
  world: string
  session: SessionInfo | null
  /** Sent with an administrator's API key rather than a token. */
  apiKey: boolean
  /**
   * Sent by the portal by itself after another command (AUTOMATIC_HEADER), nobody having asked
   * for it: kept as the detail `automaticAfter`, which names that command.
   */
  automaticAfter?: string | null
}

export interface CommandAnswer {
  status: number
  errorcode: string | null
  success: boolean
}

type SentCommand = AttemptedCommand & CommandAnswer

/**
 * Where a record is filed once the service answered: the device's client id (its name and owner
 * as last seen when `facts` is left out), or, for a device the service does not show the sender,
 * the identifier as given, marked (`markedDevice`), with the sender as its only owner.
 */
export interface Placement {
  clientId: string
  facts?: DeviceFacts
  /**
   * A refused change to a user that names no user the sender is shown, or a deletion the service
   * took: a user of the sender's tenant, so that the help desk of that tenant sees it
   * (`tenant_sid`).
   */
  tenantSid?: string | null
}

interface ActivityFilter {
  world: string
  ownerSid?: string | undefined
  clientId?: string | undefined
  from?: Date | undefined
  to?: Date | undefined
  actions?: readonly string[] | undefined
  /** Who sent it, as the line names the sender: the portal's own commands apart (sentByPortal). */
  actor?: SenderFilter | undefined
  /**
   * A device's history: a user's command the service has not answered yet is shown only to that
   * user (the account named here; null for a help desk). The service takes a user's command for
   * the user's own devices only, so another user's is not the device's until it is answered,
   * and then it is filed elsewhere (#55).
   */
  unansweredBy?: string | null | undefined
  /** Only records sent from these tenants ('' for a sign-in that named none). */
  tenants?: readonly string[] | undefined
  /**
   * Only records older than this position in the list's order (a page's last record): the next
   * page, the same whatever was written since.
   */
  before?: ActivityPosition | undefined
  limit: number
}

/** A record's place in every list's order: its time, then the order it was written in. */
export interface ActivityPosition {
  at: Date
  /** `seq`, as digits. */
  seq: string
}

/**
 * What was done to each device, by whom, and how it ended. The device's name and owner are
 * those of its last info answer the portal passed on, else of its last record.
 */
export class ActivityRecords {
  private readonly devices = new Map<string, DeviceFacts>()

  constructor(private readonly store: RecordStore) {}

  /** A device's info answer passed: its name and owner, and which commands are done. */
  seenDevice(world: string, clientId: string, info: Record<string, unknown>, askedAt: Date) {
    const name =
      typeof info.displayname === 'string' ? storable(info.displayname.slice(0, 200)) : null
    const ownerSid = typeof info.usersid === 'string' ? storable(info.usersid.slice(0, 200)) : null
    this.devices.delete(clientId)
    const workProfile =
      info.androidforworktype === ANDROID_FOR_WORK_TYPE.workProfile ||
      info.androidforworktype === ANDROID_FOR_WORK_TYPE.workProfileCompanyOwned
    this.devices.set(clientId, { name, ownerSid, workProfile })
    if (this.devices.size > DEVICE_CACHE_LIMIT) {
      this.devices.delete(this.devices.keys().next().value!)
    }
    const actions = typeof info.actions === 'object' && info.actions !== null ? info.actions : {}
    const idle = new Set(
      Object.entries(actions)
        .filter(([, value]) => typeof value === 'object' && value !== null && value.status === 0)
        .map(([member]) => member),
    )
    const seenAt = new Date()
    this.store.write(async (db) => {
      // Only commands the service had taken before this answer was asked for can be done in it.
      const pending = await this.pendingOn(db, world, clientId, askedAt, PENDING_COMMANDS)
      const done = pending
        .filter((row) => idle.has(pendingMember(row.action, row.details) ?? ''))
        .map((row) => row.id)
      await markDone(db, done, seenAt)
    })
  }

  /**
   * A device's apps as the service showed them (app/list or app/info with the device's
   * `clientid`): an install is done once its app is installed (status 3), a removal once its app
   * is neither installed nor being installed or removed (status 0: "possibly not installed").
   * Spec (App, status): "0 = no status known (possibly not installed, …); 1 = installing or
   * uninstalling; 2 = error; 3 = installed and managed"; App rule 4: "the resulting app status
   * arrives later". An error (status 2) ends neither: the service may still carry it out.
   *
   * `whole`: the answer is the device's whole list (one page). An app it leaves out is no longer
   * assigned to the user or the device (spec: app/list "A user credential gets the apps of the
   * user (and of the device when clientid is sent)"), so its status will not be shown again: an
   * install or removal of it ends `unlisted`, never done, since the list says nothing of whether
   * it is on the device.
   */
  seenApps(
    world: string,
    clientId: string,
    apps: readonly unknown[],
    askedAt: Date,
    whole = false,
  ) {
    const statusOf = new Map<string, unknown>()
    for (const app of apps) {
      if (typeof app === 'object' && app !== null && 'id' in app && typeof app.id === 'string') {
        statusOf.set(app.id, 'status' in app ? app.status : undefined)
      }
    }
    if (statusOf.size === 0 && !whole) return
    const seenAt = new Date()
    this.store.write(async (db) => {
      const pending = await this.pendingOn(db, world, clientId, askedAt, APP_COMMANDS)
      const done: string[] = []
      const unlisted: string[] = []
      for (const row of pending) {
        const id = row.details.id
        if (typeof id !== 'string') continue
        if (!statusOf.has(id)) {
          if (whole) unlisted.push(row.id)
          continue
        }
        const status = statusOf.get(id)
        const seen =
          row.action === 'appInstall'
            ? status === APP_STATUS.installed
            : status === APP_STATUS.unknown
        if (seen) done.push(row.id)
      }
      await markDone(db, done, seenAt)
      await markUnlisted(db, unlisted)
    })
  }

  /**
   * The records of commands to a device the service took before `askedAt` (within the day a
   * command waits for its answer), and not seen done yet: only those can be done in an answer
   * asked for then.
   */
  private pendingOn(
    db: Kysely<Database>,
    world: string,
    clientId: string,
    askedAt: Date,
    actions: readonly string[],
  ) {
    return (
      db
        .selectFrom('portal_activity')
        .select(['id', 'action', 'details'])
        .where('world', '=', world)
        .where('client_id', '=', clientId)
        .where('outcome', '=', 'sent')
        .where('action', 'in', actions)
        // One the service has not answered (on its way, or its answer never recorded: the portal
        // stopped) or the portal answered in its stead may never have reached the service: a
        // device with nothing pending for it says nothing of whether it was done.
        .where('answer_status', '!=', 0)
        .where('answer_code', 'is', null)
        .where('at', '<', askedAt)
        .where('at', '>', new Date(askedAt.getTime() - ANSWER_WAIT_MS))
        .execute()
    )
  }

  /**
   * A command about to go to the service: its record is queued first, so that no change goes out
   * without one; `recordAnswer` completes it. Returns the record's id.
   */
  recordAttempt(command: AttemptedCommand, facts?: DeviceFacts): string {
    // Sent, not yet answered: a change to a user too, until the service took it.
    const row = {
      ...this.rowOf(command, { status: 0, errorcode: null, success: true }),
      outcome: 'sent' as const,
    }
    this.insert({ clientId: command.clientId, ...(facts ? { facts } : {}) }, row)
    return row.id
  }

  /** The service's answer to a command whose attempt was recorded, and where it is filed. */
  recordAnswer(id: string, command: RecordedPath, answer: CommandAnswer, placement: Placement) {
    const refused = answer.status >= 300 || !answer.success
    const cached = placement.facts ?? this.devices.get(placement.clientId)
    this.store.write(async (db) => {
      const known = cached ?? (await lastFacts(db, placement.clientId))
      await db
        .updateTable('portal_activity')
        .set({
          answer_status: answer.status,
          answer_code: refused ? storable(answer.errorcode ?? String(answer.status)) : null,
          outcome: outcomeOf(command, answer),
          client_id: placement.clientId,
          device_name: known.name,
          owner_sid: known.ownerSid,
          tenant_sid: placement.tenantSid ?? null,
        })
        .where('id', '=', id)
        .execute()
    })
  }

  /** A command answered before its attempt was recorded (refused by the portal itself). */
  recordCommand(command: SentCommand, placement: Placement = { clientId: command.clientId }) {
    this.insert(placement, { ...this.rowOf(command, command), client_id: placement.clientId })
  }

  /** The details a record keeps; a wipe of a device with a work profile is of that alone. */
  private detailsOf(command: AttemptedCommand) {
    const details = keptDetails(command.path, command.fields, command.automaticAfter)
    if (details.kind === 'full' && this.devices.get(command.clientId)?.workProfile) {
      details.kind = 'workProfile'
    }
    return details
  }

  private rowOf(command: AttemptedCommand, answer: CommandAnswer) {
    const actor: Actor =
      command.apiKey || command.session?.usertype === 'admin' ? 'helpdesk' : 'user'
    const refused = answer.status >= 300 || !answer.success
    return {
      id: randomUUID(),
      at: new Date(),
      account: command.session?.account ?? '',
      actor,
      session_id: command.session?.id ?? null,
      client_id: command.clientId,
      world: command.world,
      tenant: command.session?.tenant ?? '',
      action: RECORDED_COMMANDS[command.path].action,
      details: JSON.stringify(this.detailsOf(command)),
      answer_status: answer.status,
      answer_code: refused ? storable(answer.errorcode ?? String(answer.status)) : null,
      outcome: outcomeOf(command.path, answer),
      done_at: null,
    }
  }

  private insert(placement: Placement, row: ReturnType<ActivityRecords['rowOf']>) {
    const facts = placement.facts ?? this.devices.get(placement.clientId)
    this.store.write(async (db) => {
      const known = facts ?? (await lastFacts(db, placement.clientId))
      await db
        .insertInto('portal_activity')
        .values({
          ...row,
          details: await followedDetails(db, row),
          device_name: known.name,
          owner_sid: known.ownerSid,
          tenant_sid: placement.tenantSid ?? null,
        })
        .execute()
    })
  }

  /**
   * A user deleted: what was filed under them (`owner_sid`: their invitation, their devices'
   * commands) and the refusals kept with them as their tenant's user (`tenant_sid`) are kept with
   * another (`to`), so that the help desk of that tenant still sees them; with none, the sender's
   * alone, when the tenant lists no other.
   */
  moveTenantWitness(world: string, from: string, to: string | null) {
    this.store.write((db) =>
      db
        .updateTable('portal_activity')
        .set({ tenant_sid: to })
        .where('world', '=', world)
        .where((eb) =>
          eb.or([
            eb('tenant_sid', '=', from),
            eb.and([eb('owner_sid', '=', from), eb('tenant_sid', 'is', null)]),
          ]),
        )
        .execute(),
    )
  }

  async list(filter: ActivityFilter): Promise<ActivityRow[]> {
    return this.store.read((db) => {
      let query = db.selectFrom('portal_activity').selectAll().where('world', '=', filter.world)
      if (filter.ownerSid) query = query.where('owner_sid', '=', filter.ownerSid)
      if (filter.clientId) query = query.where('client_id', '=', filter.clientId)
      if (filter.from) query = query.where('at', '>=', filter.from)
      if (filter.to) query = query.where('at', '<=', filter.to)
      if (filter.actions?.length) query = query.where('action', 'in', filter.actions)
      if (filter.actor === 'portal') query = query.where(sentByPortal)
      else if (filter.actor) {
        query = query.where('actor', '=', filter.actor).where((eb) => eb.not(sentByPortal(eb)))
      }
      if (filter.tenants) query = query.where('tenant', 'in', filter.tenants)
      const viewer = filter.unansweredBy
      if (viewer !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb('answer_status', '!=', 0),
            eb('actor', '!=', 'user'),
            ...(viewer === null ? [] : [eb('account', '=', viewer)]),
          ]),
        )
      }
      const before = filter.before
      if (before) {
        query = query.where((eb) =>
          eb(eb.refTuple('at', 'seq'), '<', eb.tuple(before.at, before.seq)),
        )
      }
      // Newest first; records of the same moment, the one written last first (schema.ts, seq).
      return query.orderBy('at', 'desc').orderBy('seq', 'desc').limit(filter.limit).execute()
    })
  }

  /** The lost-mode message in force: the last one sent through the portal, while it is on. */
  async lostModeMessage(
    world: string,
    clientId: string,
  ): Promise<Record<string, string | boolean> | null> {
    const last = await this.store.read((db) =>
      db
        .selectFrom('portal_activity')
        .select(['action', 'details'])
        .where('world', '=', world)
        .where('client_id', '=', clientId)
        .where('action', 'in', ['lostModeOn', 'lostModeOff'])
        // Taken by the service: not refused, nor answered in its stead (those keep the answer's
        // code), nor sent without an answer recorded (the portal stopped before it came).
        .where('answer_code', 'is', null)
        .where('answer_status', '!=', 0)
        .orderBy('at', 'desc')
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst(),
    )
    return last?.action === 'lostModeOn' ? last.details : null
  }
}

/**
 * A change to a user is done once the service took it; a device's command waits for it. One the
 * portal answered in the service's stead (`isLostAnswer`) was not refused by the service, which
 * may have taken it: it stays sent, with the portal's code, shown as without the service's answer
 * (activity-views.ts).
 */
function outcomeOf(path: RecordedPath, answer: CommandAnswer) {
  const refused = answer.status >= 300 || !answer.success
  if (refused) return isLostAnswer(answer.errorcode) ? ('sent' as const) : ('refused' as const)
  return isUserChange(path) ? ('done' as const) : ('sent' as const)
}

/**
 * A record of a command the portal sent by itself: the one its detail `automaticAfter` names as
 * followed (as `automaticCommand` in contract/outcomes.ts reads it, which the lines and the CSV
 * name "the portal"). A detail is kept only where the session did send that command
 * (followedDetails).
 */
function sentByPortal(eb: ExpressionBuilder<Database, 'portal_activity'>) {
  return eb.or(
    AUTOMATIC_COMMANDS.map(({ name, after }) =>
      eb.and([
        eb('action', '=', name),
        // Absent in most records: compared as '' so that "not the portal's" keeps them.
        eb(sql<string>`coalesce(details->>'automaticAfter', '')`, '=', after),
      ]),
    ),
  )
}

/** The commands a device's `actions` show pending (device/info), and those its apps show. */
const PENDING_COMMANDS = COMMAND_NAMES.filter((name) => pendingMember(name, {}) !== null)
const APP_COMMANDS = ['appInstall', 'appUninstall'] as const satisfies readonly Command[]

async function markDone(db: Kysely<Database>, ids: string[], seenAt: Date) {
  if (ids.length === 0) return
  await db
    .updateTable('portal_activity')
    .set({ outcome: 'done', done_at: seenAt })
    .where('id', 'in', ids)
    .execute()
}

/** Installs and removals whose app the device's whole list no longer has (seenApps). */
async function markUnlisted(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return
  await db
    .updateTable('portal_activity')
    .set({ outcome: 'unlisted' })
    .where('id', 'in', ids)
    .execute()
}

async function lastFacts(db: Kysely<Database>, clientId: string): Promise<DeviceFacts> {
  const row = await db
    .selectFrom('portal_activity')
    .select(['device_name', 'owner_sid'])
    .where('client_id', '=', clientId)
    .orderBy('at', 'desc')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst()
  return { name: row?.device_name ?? null, ownerSid: row?.owner_sid ?? null }
}

/**
 * The header that marks a command as the portal's own is the browser's word: it stands only
 * where this session sent the command it names to this device, not refused, within the day a
 * command waits for its answer. Else the record is the sender's, as any other.
 */
async function followedDetails(
  db: Kysely<Database>,
  row: { world: string; session_id: string | null; client_id: string; details: string },
): Promise<string> {
  const details = JSON.parse(row.details) as Record<string, string | boolean>
  const after = details.automaticAfter
  if (typeof after !== 'string') return row.details
  const followed =
    row.session_id !== null &&
    (await db
      .selectFrom('portal_activity')
      .select('id')
      .where('world', '=', row.world)
      .where('session_id', '=', row.session_id)
      .where('client_id', '=', row.client_id)
      .where('action', '=', after)
      .where('outcome', '!=', 'refused')
      .where('at', '>', new Date(Date.now() - ANSWER_WAIT_MS))
      .executeTakeFirst())
  if (followed) return row.details
  delete details.automaticAfter
  return JSON.stringify(details)
}
