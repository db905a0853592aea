import { z } from './zod.ts'

/**
 * A device's client id or a user's sid as the portal's records take it to narrow a search or a
 * history: text of at most 200 characters, neither empty nor with a control character (a NUL, a
 * line break), which no identifier the service gives holds. The Activity screen reads its address
 * with it, the server the records' requests: what the screen refuses, the server refuses too.
 */
export const recordedIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(200), z.regex(/^\P{Cc}+$/u))
