import type { FastifyBaseLogger } from 'fastify'
import { ActivityRecords } from './activity.ts'
import type { DatabaseLocation } from './database.ts'
import { RecordStore } from './record-store.ts'
import { SessionRecords } from './sessions.ts'

/** The portal's records: one store, the sessions and sign-ins, and the activity on devices. */
export interface Records {
  store: RecordStore
  sessions: SessionRecords
  activity: ActivityRecords
}

export function createRecords(
  location: DatabaseLocation,
  log: FastifyBaseLogger,
  queueLimit?: number,
): Records {
  const store = new RecordStore(location, log, queueLimit)
  return { store, sessions: new SessionRecords(store), activity: new ActivityRecords(store) }
}
