import type { FastifyBaseLogger } from 'fastify'
import { ActivityRecords } from './activity.ts'
import type { DatabaseLocation } from './database.ts'
import { HiddenDevices } from './hidden-devices.ts'
import { RecordStore } from './record-store.ts'
import { SessionRecords } from './sessions.ts'

/**
 * The portal's records: one store, the sessions and sign-ins, the activity on devices, and the
 * devices each account hid from its list.
 */
export interface Records {
  store: RecordStore
  sessions: SessionRecords
  activity: ActivityRecords
  /** The devices each account hid from its own list. */
  hidden: HiddenDevices
}

export function createRecords(
  location: DatabaseLocation,
  log: FastifyBaseLogger,
  queueLimit?: number,
): Records {
  const store = new RecordStore(location, log, queueLimit)
  return {
    store,
    sessions: new SessionRecords(store),
    activity: new ActivityRecords(store),
    hidden: new HiddenDevices(store),
  }
}
