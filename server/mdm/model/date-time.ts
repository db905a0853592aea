/**
 * The date-time forms the device list filter accepts (spec: "Accepted date-time forms"):
 * - a date only, YYYY-MM-DD (a day in UTC; as the upper bound it covers that whole day);
 * - ISO 8601 with or without milliseconds, ending in Z or an offset +H, +HH or +HH:MM;
 * - the compact form YYYYMMDDThhmmssZ.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|([+-])(\d{1,2})(?::(\d{2}))?)$/i
const COMPACT = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/i
const DAY = 86_400_000

/** Milliseconds since the epoch, or null when a part is out of range (Feb 30, 25:00 …). */
function utc(parts: (string | undefined)[]): number | null {
  const [year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN, second = NaN] =
    parts.map(Number)
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, second, 0)
  const roundTrip =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() + 1 === month &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  return roundTrip ? date.getTime() : null
}

export function parseDateTime(value: string, bound: 'from' | 'to'): number | null {
  const dateOnly = DATE_ONLY.exec(value)
  if (dateOnly) {
    const start = utc([dateOnly[1], dateOnly[2], dateOnly[3], '0', '0', '0'])
    if (start === null) return null
    return bound === 'to' ? start + DAY - 1 : start
  }
  const compact = COMPACT.exec(value)
  if (compact) return utc(compact.slice(1, 7))

  const iso = ISO.exec(value)
  if (!iso) return null
  const base = utc(iso.slice(1, 7))
  if (base === null) return null
  const millis = Number((iso[7] ?? '').padEnd(3, '0').slice(0, 3))
  const [sign, offsetHours, offsetMinutes] = [iso[9], Number(iso[10] ?? 0), Number(iso[11] ?? 0)]
  if (offsetHours > 23 || offsetMinutes > 59) return null
  const offset = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000
  return base + millis - offset
}
