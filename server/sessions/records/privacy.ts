import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { RecordStore } from './record-store.ts'

const DAY_MS = 86_400_000

/** Which account a user's sid names, learnt from the user info answers the portal passes on. */
export function learnUser(store: RecordStore, sid: string, account: string) {
  const at = new Date()
  store.write((db) =>
    db
      .insertInto('portal_users')
      .values({ sid, account, seen_at: at })
      .onConflict((conflict) => conflict.column('sid').doUpdateSet({ account, seen_at: at }))
      .execute(),
  )
}

/**
 * A user deleted through the help desk: their sign-ins, sessions and hidden devices go; the activity on their
 * devices stays, with their account name replaced (shown as "a deleted user"), and the
 * invitations that named their address keep it no more. Only the user account goes: an
 * administrator with the same address keeps every record.
 */
export function forgetUser(store: RecordStore, sid: string) {
  store.write((db) =>
    db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('portal_users')
        .select('account')
        .where('sid', '=', sid)
        .executeTakeFirst()
      if (!user) return
      const userAccount = { account: user.account, usertype: 'user' as const }
      await trx
        .deleteFrom('portal_sign_ins')
        .where((eb) => eb.and(userAccount))
        .execute()
      await trx
        .deleteFrom('portal_sessions')
        .where((eb) => eb.and(userAccount))
        .execute()
      await trx
        .deleteFrom('portal_hidden_devices')
        .where((eb) => eb.and(userAccount))
        .execute()
      await trx
        .updateTable('portal_activity')
        .set({ account: null })
        .where('account', '=', user.account)
        .where('actor', '=', 'user')
        .execute()
      // The invitations that named the address (a refused one too) keep no name of the user.
      await trx
        .updateTable('portal_activity')
        .set({ details: sql<string>`details - 'email' - 'firstname' - 'lastname'` })
        .where('action', '=', 'userInvite')
        .where(sql<string>`lower(details->>'email')`, '=', user.account)
        .execute()
      await trx.deleteFrom('portal_users').where('sid', '=', sid).execute()
    }),
  )
}

/**
 * Deletes every record older than `days`; an account's hidden devices go once it has not been
 * signed in for that long (its sessions are gone).
 */
export function deleteOldRecords(store: RecordStore, days: number, now = new Date()) {
  const before = new Date(now.getTime() - days * DAY_MS)
  store.write((db) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('portal_activity').where('at', '<', before).execute()
      await trx.deleteFrom('portal_sign_ins').where('at', '<', before).execute()
      await trx.deleteFrom('portal_sessions').where('last_used_at', '<', before).execute()
      await trx.deleteFrom('portal_users').where('seen_at', '<', before).execute()
      await trx
        .deleteFrom('portal_hidden_devices')
        .where('hidden_at', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('portal_sessions')
                .select('portal_sessions.id')
                .whereRef('portal_sessions.account', '=', 'portal_hidden_devices.account')
                .whereRef('portal_sessions.usertype', '=', 'portal_hidden_devices.usertype')
                .whereRef('portal_sessions.tenant', '=', 'portal_hidden_devices.tenant'),
            ),
          ),
        )
        .execute()
      await trx.deleteFrom('portal_links').where('expires_at', '<', new Date()).execute()
    }),
  )
}

/** Once at start and then daily, records older than the retention period are deleted. */
export function retainFor(app: FastifyInstance, store: RecordStore, days: number) {
  deleteOldRecords(store, days)
  const timer = setInterval(() => deleteOldRecords(store, days), DAY_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
