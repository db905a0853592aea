import { CLIENT_ERROR_LENGTHS, ROUTE_PATTERNS, scrubbed } from './client-errors.ts'
import { z } from './zod.ts'

/**
 * The body of `POST /api/portal/client-errors` as the server takes it: exactly the members of
 * a report, each within its length, the pattern one of the portal's routes, and the
 * texts cleaned again of what must not be logged (the sender is anyone).
 */
const text = (min: number, max: number) =>
  z.pipe(z.string().check(z.minLength(min), z.maxLength(max)), z.transform(scrubbed))

export const clientErrorReport = z.strictObject({
  name: text(1, CLIENT_ERROR_LENGTHS.name),
  message: text(0, CLIENT_ERROR_LENGTHS.message),
  pattern: z.enum(ROUTE_PATTERNS),
  version: z.optional(
    z.string().check(z.regex(new RegExp(`^[\\w.+-]{1,${CLIENT_ERROR_LENGTHS.version}}$`))),
  ),
})

/** One report as the browser sends it (the browser imports the type alone, never zod). */
export type ClientErrorReport = z.input<typeof clientErrorReport>
