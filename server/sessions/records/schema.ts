import type { ColumnType, GeneratedAlways, Selectable } from 'kysely'

/** The tables the migrations make, as Kysely types them. */
type Timestamp = ColumnType<Date, Date, Date>

/** What a sign-in is known by, in its own row and in the session it started. */
interface SignInColumns {
  account: string
  usertype: 'user' | 'admin'
  /** The tenant an administrator's sign-in named (mtcid); '' when it named none. */
  tenant: ColumnType<string, string | undefined, string>
  method: 'password' | 'microsoft'
  browser: string
  system: string
  address: string
}

export interface SessionTable extends SignInColumns {
  id: string
  started_at: Timestamp
  last_used_at: Timestamp
  ended_at: Timestamp | null
}

export interface SessionTokenTable {
  token_hash: string
  session_id: string
  created_at: Timestamp
}

export interface SignInTable extends SignInColumns {
  id: string
  at: Timestamp
  succeeded: boolean
  session_id: string | null
  new_device: boolean
}

export interface UserTable {
  sid: string
  account: string
  seen_at: Timestamp
}

/** Who sent a command: the device's own user, or an administrator of the help desk. */
export type Actor = 'user' | 'helpdesk'
/**
 * `unlisted`: an app install or removal whose app the device's app list no longer has (no longer
 * assigned), so that its end cannot be seen (ActivityRecords.seenApps).
 */
type Outcome = 'sent' | 'refused' | 'done' | 'unlisted'

export interface ActivityTable {
  id: string
  at: Timestamp
  /**
   * The order the records were written in: every list orders by time, then by this, so that
   * records of the same moment keep one order. Compared in SQL only (`pg` reads it as text,
   * PGlite as a number).
   */
  seq: GeneratedAlways<string | number>
  /** The account that sent it; null once that account was deleted (or was never known). */
  account: string | null
  actor: Actor
  session_id: string | null
  client_id: string
  device_name: string | null
  owner_sid: string | null
  action: string
  details: ColumnType<Record<string, string | boolean>, string, string>
  answer_status: number
  answer_code: string | null
  outcome: Outcome
  done_at: Timestamp | null
  /** The test mode's world; empty outside test mode. */
  world: ColumnType<string, string | undefined, string>
  /** The tenant the sender's sign-in named; '' when it named none. */
  tenant: ColumnType<string, string | undefined, string>
  /**
   * For a refused change to a user that names no user the sender is shown, and for what was
   * filed under a user since deleted: a user of the sender's tenant, by whom another help desk
   * of that tenant is known (the service shows it).
   */
  tenant_sid: ColumnType<string | null, string | null | undefined, string | null>
}

/** A one-time link, sealed with its id, so the table never holds a usable link. */
export interface LinkTable {
  id_hash: string
  owner: string
  sealed: string
  created_at: Timestamp
  expires_at: Timestamp
}

/** One row, rewritten to learn whether the store takes writes. */
export interface HealthTable {
  id: number
  written_at: Timestamp
}

/** A retired device an account hid from its own list: hidden wherever it signs in. */
export interface HiddenDeviceTable {
  account: string
  usertype: 'user' | 'admin'
  tenant: string
  /** The test mode's world; empty outside test mode. */
  world: string
  client_id: string
  hidden_at: Timestamp
}

export interface Database {
  portal_sessions: SessionTable
  portal_session_tokens: SessionTokenTable
  portal_sign_ins: SignInTable
  portal_users: UserTable
  portal_activity: ActivityTable
  portal_links: LinkTable
  portal_health: HealthTable
  portal_hidden_devices: HiddenDeviceTable
}

export type ActivityRow = Selectable<ActivityTable>
export type SessionRow = Selectable<SessionTable>
export type SignInRow = Selectable<SignInTable>
