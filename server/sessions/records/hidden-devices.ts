import type { RecordStore } from './record-store.ts'
import { accountIs, type AccountKey } from './sessions.ts'

/** More than anyone retires: a ceiling, so that one account cannot fill the store. */
export const HIDDEN_LIMIT = 500

/**
 * The retired devices each account hid from its own list. Kept with the account, not the
 * browser: every browser it signs in from hides them. A change is written at once, not queued:
 * the person is told whether it was kept.
 */
export class HiddenDevices {
  constructor(private readonly store: RecordStore) {}

  async list(key: AccountKey, world: string): Promise<string[]> {
    const rows = await this.store.read((db) =>
      db
        .selectFrom('portal_hidden_devices')
        .select('client_id')
        .where((eb) => eb.and({ ...accountIs(key), world }))
        .orderBy('hidden_at')
        .orderBy('client_id')
        .limit(HIDDEN_LIMIT)
        .execute(),
    )
    return rows.map((row) => row.client_id)
  }

  /** Hides the device (`hidden`) or shows it again; the list as it is then. */
  async set(key: AccountKey, world: string, clientId: string, hidden: boolean) {
    const where = { ...accountIs(key), world }
    await this.store.read<unknown>((db) =>
      hidden
        ? db
            .insertInto('portal_hidden_devices')
            .values({ ...where, client_id: clientId, hidden_at: new Date() })
            .onConflict((conflict) =>
              conflict.columns(['account', 'usertype', 'tenant', 'world', 'client_id']).doNothing(),
            )
            .execute()
        : db
            .deleteFrom('portal_hidden_devices')
            .where((eb) => eb.and({ ...where, client_id: clientId }))
            .execute(),
    )
    return this.list(key, world)
  }
}
