import { z } from '../../../contract/zod.ts'
import type { ActivityPosition } from './activity.ts'
import type { ActivityRow } from './schema.ts'

/** The largest `seq` PostgreSQL's bigint holds. */
const SEQ_MAX = 2n ** 63n - 1n
/** The latest time a Date holds. */
const AT_MAX = 8_640_000_000_000_000

/**
 * Where a page of the activity ends, as the search hands it out and is given it back for the
 * next page: the last record's time (ms) and `seq`, `<at>.<seq>`. The browser only passes it
 * on; anything that is not such a position is refused.
 */
export const activityPosition = z.pipe(
  z.string().check(z.regex(/^\d{1,16}\.[1-9]\d{0,18}$/)),
  z.transform((value, context): ActivityPosition => {
    const [at = '', seq = ''] = value.split('.')
    if (Number(at) > AT_MAX || BigInt(seq) > SEQ_MAX) {
      context.issues.push({ code: 'custom', message: 'not a position', input: value })
      return { at: new Date(0), seq: '0' }
    }
    return { at: new Date(Number(at)), seq }
  }),
)

/** The position of a record read, for the page after it. */
export function positionOf(row: ActivityRow): string {
  return `${row.at.getTime()}.${String(row.seq)}`
}
