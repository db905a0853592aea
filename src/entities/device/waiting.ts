import type { Device, DeviceActionName } from '@contract/schemas'
import { commandOfMember } from '@contract/commands'
import type { Activity } from './history'

/** Within this long of its last contact a device is taken to be online: it answers in seconds. */
const ONLINE_MS = 5 * 60_000

/** After this long without an answer, the device is said not to have answered. */
const UNANSWERED_MS = 3600_000

/**
 * How to speak of a device that has not answered yet: one seen a moment ago is online and answers
 * shortly; only of one not seen for a while is it said that it acts "once it is online again".
 */
export function reachability(
  device: Pick<Device, 'lastcontact'>,
  now: number,
): 'unknown' | 'online' | 'seen' {
  const contact = device.lastcontact
  if (!contact) return 'unknown'
  return now - contact.getTime() < ONLINE_MS ? 'online' : 'seen'
}

/** A command sent this long ago without an answer: the device is off or offline, not slow. */
export function isUnanswered(since: Date, now: number): boolean {
  return now - since.getTime() >= UNANSWERED_MS
}

/**
 * When a command still waiting was sent, as the device's records know it (newest first): the
 * latest one of its kind the service took. Null when the records do not have it (sent from
 * elsewhere, or before records were kept).
 */
export function pendingSince(activity: Activity[], action: DeviceActionName): Date | null {
  const sent = activity.find(
    (item) =>
      item.action === commandOfMember(action) &&
      (item.outcome === 'sent' || item.outcome === 'accepted'),
  )
  return sent?.at ?? null
}
