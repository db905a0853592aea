import { queryOptions, useQuery } from '@tanstack/react-query'
import { recordsRequest } from '@/entities/records/records-request'
import { getConfig } from '@/lib/config'
import { CHANGE_NAMES, type Change } from '@contract/commands'
import { SHOWN_OUTCOMES } from '@contract/outcomes'
import type { Device } from '@contract/schemas'
import { z } from '@contract/zod'
import { CADENCES, waitInterval } from './polling'
import { deviceKeys } from './queries'
import { hasPendingAction } from './status'

/** What the portal server's records answer: the service's envelope around their own data. */
export const recordsEnvelope = {
  success: z.boolean(),
  errorcode: z.nullable(z.string()),
  errormessage: z.nullable(z.string()),
}

export const recordDate = z.pipe(
  z.string(),
  z.transform((value) => new Date(value)),
)

/** The records keep each command, and each change to a user, under its name (contract/commands.ts). */
export const RECORDED_ACTIONS: readonly Change[] = CHANGE_NAMES
export type RecordedAction = Change

export const activitySchema = z.object({
  id: z.string(),
  at: recordDate,
  action: z.string(),
  actor: z.enum(['user', 'helpdesk']),
  byYou: z.boolean(),
  account: z.nullable(z.string()),
  accountDeleted: z.boolean(),
  clientId: z.string(),
  deviceName: z.nullable(z.string()),
  /** The device's owner, or the user a change was filed under (help desk only; older: absent). */
  ownerSid: z.optional(z.nullable(z.string())),
  details: z.record(z.string(), z.union([z.string(), z.boolean()])),
  outcome: z.enum(SHOWN_OUTCOMES),
  doneAfterMs: z.nullable(z.number()),
  answerCode: z.nullable(z.string()),
  /** While sent: how much longer the portal server waits for its answer (an older one: absent). */
  waitLeftMs: z.optional(z.nullable(z.number())),
  answerLost: z.boolean(),
})
export type Activity = z.infer<typeof activitySchema>

const deviceHistorySchema = z.object({
  ...recordsEnvelope,
  data: z.object({
    activity: z.array(activitySchema),
    lostMode: z.nullable(z.record(z.string(), z.union([z.string(), z.boolean()]))),
    /** The records hold older ones than the newest 20 it shows (an older server: absent). */
    more: z.optional(z.boolean()),
  }),
})

/** Every device's history: what a change that is recorded but is no device command refreshes. */
export const DEVICE_HISTORIES_KEY = [...deviceKeys.all, 'history'] as const

/** When each history's current wait began, kept per query object. */
const waitingSince = new WeakMap<object, number>()

/**
 * A device's history sits under the devices' keys: a command sent to the device refreshes it
 * with the device. While a command is under way (the `device` as last read, where it is known,
 * or a record still sent) it is read again as the device is, on the command cadence: often at
 * first, every 30 s once the device is slow to answer, which may take days.
 */
export function deviceHistoryQuery(clientId: string, device?: Device) {
  return queryOptions({
    queryKey: [...DEVICE_HISTORIES_KEY, clientId] as const,
    queryFn: async ({ signal }) =>
      (await recordsRequest('device', { clientid: clientId }, deviceHistorySchema, { signal }))
        .data,
    refetchInterval: (query) => {
      const waiting =
        (device !== undefined && hasPendingAction(device)) ||
        (query.state.data?.activity.some((item) => item.outcome === 'sent') ?? false)
      return waitInterval(waitingSince, query, waiting, CADENCES.command, Date.now())
    },
    enabled: getConfig().records,
  })
}

/**
 * The lost-mode text in force as the records know it: the last one sent through the portal
 * while lost mode is on; null when none was; undefined without records, while they load, or
 * when they cannot be read.
 */
export function useRecordedLostMode(device: Device) {
  const history = useQuery(deviceHistoryQuery(device.clientid, device))
  if (!getConfig().records || !history.data) return undefined
  return device.lostmodeenabled ? history.data.lostMode : null
}
