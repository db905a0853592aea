import { z } from '../../../contract/zod'

/** What the portal server's records answer (server/sessions/records-routes.ts). */
const envelope = {
  success: z.boolean(),
  errorcode: z.nullable(z.string()),
  errormessage: z.nullable(z.string()),
}

const date = z.pipe(
  z.string(),
  z.transform((value) => new Date(value)),
)

export const ACTIONS = [
  'lock',
  'wipe',
  'lostModeOn',
  'lostModeOff',
  'locate',
  'passcodeReset',
  'appListRefresh',
  'appInstall',
  'appUninstall',
] as const
export type RecordedAction = (typeof ACTIONS)[number]

export const activitySchema = z.object({
  id: z.string(),
  at: date,
  action: z.string(),
  actor: z.enum(['user', 'helpdesk']),
  byYou: z.boolean(),
  account: z.nullable(z.string()),
  accountDeleted: z.boolean(),
  clientId: z.string(),
  deviceName: z.nullable(z.string()),
  details: z.record(z.string(), z.union([z.string(), z.boolean()])),
  outcome: z.enum(['sent', 'refused', 'done', 'noAnswer']),
  doneAfterMs: z.nullable(z.number()),
  answerCode: z.nullable(z.string()),
})
export type Activity = z.infer<typeof activitySchema>

export const deviceHistorySchema = z.object({
  ...envelope,
  data: z.object({
    activity: z.array(activitySchema),
    lostMode: z.nullable(z.record(z.string(), z.union([z.string(), z.boolean()]))),
  }),
})

export const activityListSchema = z.object({ ...envelope, data: z.array(activitySchema) })

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

export const accountRecordsSchema = z.object({
  ...envelope,
  data: z.object({
    signIns: z.array(signInSchema),
    sessions: z.array(sessionSchema),
    newDeviceSignIns: z.array(signInSchema),
  }),
})

export const endedSchema = z.object({ ...envelope, data: z.object({ ended: z.number() }) })
