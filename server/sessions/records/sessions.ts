import { createHash, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { RecordStore } from './record-store.ts'
import type { SessionRow, SignInRow } from './schema.ts'

/** Only this hash of a token is ever stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Who an account is: its address alone is not enough, since a help desk may invite a user with
 * an administrator's address, or one address may administer two tenants. Sessions, sign-ins and
 * the activity's sender are kept, shown, ended and deleted by all three together.
 */
export interface AccountKey {
  account: string
  usertype: 'user' | 'admin'
  /** The tenant an administrator's sign-in named (mtcid); '' when it named none. */
  tenant: string
}

/** The columns that name an account, for a query's `where`. */
export function accountIs({ account, usertype, tenant }: AccountKey) {
  return { account, usertype, tenant }
}

function sameAccount(a: AccountKey, b: AccountKey): boolean {
  return a.account === b.account && a.usertype === b.usertype && a.tenant === b.tenant
}

export interface SessionInfo extends AccountKey {
  id: string
  ended: boolean
}

interface SignInFacts extends AccountKey {
  method: 'password' | 'microsoft'
  browser: string
  system: string
  address: string
}

/** A browser and system not seen for an account in this long is a new device. */
const NEW_DEVICE_DAYS = 90
const TOUCH_EVERY_MS = 60_000
const CACHE_LIMIT = 5_000
const LOOKUP_TIMEOUT_MS = 300

/**
 * Sign-ins and the sessions they start. A session is known by the hashes of its tokens (the
 * first and each renewal's), so any instance that sees a token knows whose it is and whether
 * its session was ended elsewhere.
 */
export class SessionRecords {
  /** This instance's own view, for when the store does not answer in time. */
  private readonly known = new Map<string, SessionInfo>()
  private readonly touched = new Map<string, number>()

  constructor(private readonly store: RecordStore) {}

  private remember(hash: string, info: SessionInfo) {
    this.known.delete(hash)
    this.known.set(hash, info)
    if (this.known.size > CACHE_LIMIT) this.known.delete(this.known.keys().next().value!)
  }

  signedIn(facts: SignInFacts, token: string) {
    const id = randomUUID()
    const at = new Date()
    const hash = tokenHash(token)
    this.remember(hash, {
      id,
      account: facts.account,
      usertype: facts.usertype,
      tenant: facts.tenant,
      ended: false,
    })
    this.store.write(async (db) => {
      const since = new Date(at.getTime() - NEW_DEVICE_DAYS * 86_400_000)
      const seen = await db
        .selectFrom('portal_sign_ins')
        .select(['browser', 'system'])
        .where((eb) => eb.and(accountIs(facts)))
        .where('succeeded', '=', true)
        .where('at', '>=', since)
        .execute()
      const newDevice =
        seen.length > 0 &&
        !seen.some((row) => row.browser === facts.browser && row.system === facts.system)
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('portal_sessions')
          .values({ id, ...facts, started_at: at, last_used_at: at, ended_at: null })
          .execute()
        await trx
          .insertInto('portal_session_tokens')
          .values({ token_hash: hash, session_id: id, created_at: at })
          .execute()
        await trx
          .insertInto('portal_sign_ins')
          .values({
            id: randomUUID(),
            at,
            ...facts,
            succeeded: true,
            session_id: id,
            new_device: newDevice,
          })
          .execute()
      })
    })
  }

  signInFailed(facts: SignInFacts) {
    const at = new Date()
    this.store.write((db) =>
      db
        .insertInto('portal_sign_ins')
        .values({
          id: randomUUID(),
          at,
          ...facts,
          succeeded: false,
          session_id: null,
          new_device: false,
        })
        .execute(),
    )
  }

  /** A renewal's new token continues the session of the old one. */
  renewed(session: SessionInfo, token: string) {
    const hash = tokenHash(token)
    this.remember(hash, session)
    const at = new Date()
    this.store.write((db) =>
      db
        .insertInto('portal_session_tokens')
        .values({ token_hash: hash, session_id: session.id, created_at: at })
        .onConflict((conflict) => conflict.doNothing())
        .execute(),
    )
  }

  /** Whose token this is, and whether its session was ended (on any instance). */
  async lookup(token: string): Promise<SessionInfo | null> {
    const hash = tokenHash(token)
    try {
      const row = await this.store.read(
        (db) =>
          db
            .selectFrom('portal_session_tokens as t')
            .innerJoin('portal_sessions as s', 's.id', 't.session_id')
            .select(['s.id', 's.account', 's.usertype', 's.tenant', 's.ended_at'])
            .where('t.token_hash', '=', hash)
            .executeTakeFirst(),
        LOOKUP_TIMEOUT_MS,
      )
      if (!row) return this.known.get(hash) ?? null
      const info = {
        id: row.id,
        account: row.account,
        usertype: row.usertype,
        tenant: row.tenant,
        ended: row.ended_at !== null,
      }
      this.remember(hash, info)
      return info
    } catch {
      return this.known.get(hash) ?? null
    }
  }

  /** Last use, written at most once a minute per session. */
  touch(session: SessionInfo) {
    const now = Date.now()
    if (now - (this.touched.get(session.id) ?? 0) < TOUCH_EVERY_MS) return
    this.touched.delete(session.id)
    this.touched.set(session.id, now)
    if (this.touched.size > CACHE_LIMIT) this.touched.delete(this.touched.keys().next().value!)
    const at = new Date(now)
    this.store.write((db) =>
      db
        .updateTable('portal_sessions')
        .set({ last_used_at: at })
        .where('id', '=', session.id)
        .execute(),
    )
  }

  /** The session of this token ended (its user signed out here). */
  endedByToken(token: string) {
    const hash = tokenHash(token)
    const known = this.known.get(hash)
    if (known) known.ended = true
    const at = new Date()
    this.store.write((db) =>
      db
        .updateTable('portal_sessions')
        .set({ ended_at: at })
        .where('ended_at', 'is', null)
        .where('id', 'in', (sub) =>
          sub
            .selectFrom('portal_session_tokens')
            .select('session_id')
            .where('token_hash', '=', hash),
        )
        .execute(),
    )
  }

  /**
   * Ends the account's sessions but this one (its password changed here), through the write
   * queue as a sign-out is: kept until the store takes it, refused at once on this instance.
   */
  endOthers(session: SessionInfo) {
    for (const info of this.known.values()) {
      if (sameAccount(info, session) && info.id !== session.id) info.ended = true
    }
    const at = new Date()
    this.store.write((db) =>
      db
        .updateTable('portal_sessions')
        .set({ ended_at: at })
        .where((eb) => eb.and(accountIs(session)))
        .where('id', '!=', session.id)
        .where('ended_at', 'is', null)
        .execute(),
    )
  }

  /** Ends sessions of the account: one, or all but the caller's. Says how many ended. */
  async end(account: AccountKey, which: { id: string } | { allBut: string }): Promise<number> {
    const at = new Date()
    const result = await this.store.read((db) => {
      let query = db
        .updateTable('portal_sessions')
        .set({ ended_at: at })
        .where((eb) => eb.and(accountIs(account)))
        .where('ended_at', 'is', null)
      query =
        'id' in which ? query.where('id', '=', which.id) : query.where('id', '!=', which.allBut)
      return query.executeTakeFirst()
    })
    for (const info of this.known.values()) {
      if (!sameAccount(info, account)) continue
      if ('id' in which ? info.id === which.id : info.id !== which.allBut) info.ended = true
    }
    return Number(result.numUpdatedRows)
  }

  async signIns(account: AccountKey, limit = 10): Promise<SignInRow[]> {
    return this.store.read((db) =>
      db
        .selectFrom('portal_sign_ins')
        .selectAll()
        .where((eb) => eb.and(accountIs(account)))
        .orderBy('at', 'desc')
        .limit(limit)
        .execute(),
    )
  }

  /** The account's sessions not ended and used within `liveMs`. */
  async live(account: AccountKey, liveMs: number): Promise<SessionRow[]> {
    const since = new Date(Date.now() - liveMs)
    return this.store.read((db) =>
      db
        .selectFrom('portal_sessions')
        .selectAll()
        .where((eb) => eb.and(accountIs(account)))
        .where('ended_at', 'is', null)
        .where('last_used_at', '>=', since)
        .orderBy('last_used_at', 'desc')
        .limit(50)
        .execute(),
    )
  }

  /**
   * When each session's newest token was issued (its sign-in or last renewal). A session whose
   * newest token is past the service's token lifetime can no longer be used or renewed: it has
   * ended, though nobody signed it out.
   */
  async newestTokens(ids: readonly string[]): Promise<Map<string, Date>> {
    if (ids.length === 0) return new Map()
    const rows = await this.store.read((db) =>
      db
        .selectFrom('portal_session_tokens')
        .select(['session_id', sql<Date | string>`max(created_at)`.as('at')])
        .where('session_id', 'in', ids)
        .groupBy('session_id')
        .execute(),
    )
    return new Map(rows.map((row) => [row.session_id, new Date(row.at)]))
  }

  /**
   * Sign-ins from a browser and system new to the account, made since this session's browser
   * and system last signed in: what the person is told at their next sign-in elsewhere.
   */
  async newDeviceSignIns(account: AccountKey, sessionId: string): Promise<SignInRow[]> {
    return this.store.read(async (db) => {
      const current = await db
        .selectFrom('portal_sessions')
        .select(['started_at', 'browser', 'system'])
        .where('id', '=', sessionId)
        .executeTakeFirst()
      if (!current) return []
      const before = await db
        .selectFrom('portal_sign_ins')
        .select(sql<Date | null>`max(at)`.as('at'))
        .where((eb) => eb.and(accountIs(account)))
        .where('succeeded', '=', true)
        .where('browser', '=', current.browser)
        .where('system', '=', current.system)
        .where('at', '<', current.started_at)
        .executeTakeFirst()
      const since =
        before?.at ?? new Date(current.started_at.getTime() - NEW_DEVICE_DAYS * 86_400_000)
      return db
        .selectFrom('portal_sign_ins')
        .selectAll()
        .where((eb) => eb.and(accountIs(account)))
        .where('new_device', '=', true)
        .where('at', '>', since)
        .where('at', '<', current.started_at)
        .orderBy('at', 'desc')
        .limit(5)
        .execute()
    })
  }
}
