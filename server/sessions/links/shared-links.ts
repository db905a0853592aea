import type { FastifyBaseLogger } from 'fastify'
import { withMemoryFallback, type SharedLinks } from './fallback-links.ts'
import { LINK_LIFETIME_MS, LINK_LIMITS, ownerOf, type LinkStore } from './one-time-link-store.ts'
import { rowOf, seal, unseal } from './one-time-link-seal.ts'
import type { RecordStore } from '../records/record-store.ts'

/**
 * The one-time links in the records' database, which every instance shares with
 * `DATABASE_URL`: a link made on one instance is used up on whichever the phone reaches, once
 * (the row is deleted as it is read). Limits as in memory: a session keeps its newest 20, and
 * at 10,000 live links new ones are refused. While the database cannot be reached, new links
 * live in this instance's memory, as they would without records.
 */
export function sharedLinkStore(
  records: RecordStore,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
  limits = LINK_LIMITS,
): LinkStore {
  const shared: SharedLinks = {
    async put(id, link, token) {
      const owner = ownerOf(token)
      const at = now()
      return records.read((db) =>
        db.transaction().execute(async (trx) => {
          await trx.deleteFrom('portal_links').where('expires_at', '<=', new Date(at)).execute()
          const kept = trx
            .selectFrom('portal_links')
            .select('id_hash')
            .where('owner', '=', owner)
            .orderBy('created_at', 'desc')
            .limit(limits.perToken - 1)
          await trx
            .deleteFrom('portal_links')
            .where('owner', '=', owner)
            .where('id_hash', 'not in', kept)
            .execute()
          const { count } = await trx
            .selectFrom('portal_links')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .executeTakeFirstOrThrow()
          if (Number(count) >= limits.total) return false
          await trx
            .insertInto('portal_links')
            .values({
              id_hash: rowOf(id),
              owner,
              sealed: seal(id, link),
              created_at: new Date(at),
              expires_at: new Date(at + LINK_LIFETIME_MS),
            })
            .execute()
          return true
        }),
      )
    },
    async has(id) {
      const row = await records
        .read((db) =>
          db
            .selectFrom('portal_links')
            .select('expires_at')
            .where('id_hash', '=', rowOf(id))
            .executeTakeFirst(),
        )
        .catch(() => undefined)
      return row !== undefined && row.expires_at.getTime() > now()
    },
    async take(id) {
      // Deleted as it is read: of two instances taking the same link at once, one gets it.
      const row = await records
        .read((db) =>
          db
            .deleteFrom('portal_links')
            .where('id_hash', '=', rowOf(id))
            .returning(['sealed', 'expires_at'])
            .executeTakeFirst(),
        )
        .catch(() => undefined)
      if (!row || row.expires_at.getTime() <= now()) return null
      return unseal(id, row.sealed)
    },
  }
  return withMemoryFallback(shared, log, 'records store', now, limits)
}
