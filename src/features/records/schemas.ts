import { z } from '@contract/zod'
import {
  activitySchema,
  recordDate as date,
  recordsEnvelope as envelope,
} from '@/entities/device/history'

export type { Activity, RecordedAction } from '@/entities/device/history'

/**
 * The newest records of a search, whether older ones match that it leaves out (`more`), and
 * where the next page of them starts (`next`, passed back as it is).
 */
export const activityListSchema = z.object({
  ...envelope,
  data: z.array(activitySchema),
  more: z.optional(z.boolean()),
  next: z.optional(z.string()),
})

const signInSchema = z.object({
  id: z.string(),
  at: date,
  method: z.enum(['password', 'microsoft']),
  browser: z.string(),
  system: z.string(),
  address: z.string(),
  succeeded: z.boolean(),
})
export type SignIn = z.infer<typeof signInSchema>

const sessionSchema = z.object({
  id: z.string(),
  method: z.enum(['password', 'microsoft']),
  browser: z.string(),
  system: z.string(),
  address: z.string(),
  startedAt: date,
  lastUsedAt: date,
  current: z.boolean(),
})
export type PortalSession = z.infer<typeof sessionSchema>

/** A session that ran out by itself (its window closed without signing out). */
const endedSessionSchema = z.object({ ...sessionSchema.shape, endedAt: date })
export type EndedSession = z.infer<typeof endedSessionSchema>

export const accountRecordsSchema = z.object({
  ...envelope,
  data: z.object({
    signIns: z.array(signInSchema),
    sessions: z.array(sessionSchema),
    endedSessions: z.array(endedSessionSchema),
    endedSessionsCount: z.number(),
    newDeviceSignIns: z.array(signInSchema),
  }),
})

export const endedSchema = z.object({ ...envelope, data: z.object({ ended: z.number() }) })
