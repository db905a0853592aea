import { z } from '../../../contract/zod.ts'
import { parseDateTime } from './date-time.ts'
import { flag, optional } from '../http/fields.ts'
import { pageFields } from '../http/paging.ts'
import type { DeviceRecord } from './records.ts'

/** The device list filter (spec: "List filter"); all members optional and combinable. */

const bound = (which: 'from' | 'to') =>
  optional(
    z.pipe(
      z.string(),
      z.transform((value: string, context) => {
        const time = parseDateTime(value.trim(), which)
        if (time === null) {
          context.issues.push({ code: 'custom', message: 'dateTime', input: value })
          return z.NEVER
        }
        return time
      }),
    ),
  )

const range = optional(z.object({ from: bound('from'), to: bound('to') }))

export const deviceListFields = z.object({
  ...pageFields,
  filter: optional(
    z.object({
      managed: optional(flag),
      wiped: optional(flag),
      lastcontact: range,
      locationtimestamp: range,
    }),
  ),
})

type Filter = NonNullable<z.output<typeof deviceListFields>['filter']>
type Range = Filter['lastcontact']

/** Bounds are included; an absent bound leaves that side open. */
function inRange(time: number, range: NonNullable<Range>): boolean {
  return (
    (range.from === undefined || time >= range.from) && (range.to === undefined || time <= range.to)
  )
}

export function matchesFilter(device: DeviceRecord, filter: Filter | undefined): boolean {
  if (!filter) return true
  if (filter.managed !== undefined && device.managed !== filter.managed) return false
  if (filter.wiped !== undefined && device.wiped !== filter.wiped) return false
  if (filter.lastcontact && !inRange(device.lastcontact, filter.lastcontact)) return false
  if (filter.locationtimestamp) {
    // Devices without a location timestamp are excluded whenever this filter is used.
    if (!device.location) return false
    if (!inRange(device.location.timestamp, filter.locationtimestamp)) return false
  }
  return true
}
