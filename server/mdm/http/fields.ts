import { z } from '../../../contract/zod.ts'
import { ApiFailure, invalidField, type FieldReason } from './failure.ts'

/**
 * Request field schemas. Like the real service, booleans are accepted as JSON booleans or as the
 * strings "true"/"false", and an optional field may also be null.
 */

const toBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value)

export const flag = z.pipe(z.transform(toBoolean), z.boolean())

/** Optional: absent or null both mean "not given". */
export function optional<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(
    z.nullish(schema),
    z.transform((value: z.output<T> | null | undefined) => value ?? undefined),
  )
}

export const text = (max = 1000) => z.string().check(z.maxLength(max))
export const requiredText = (max = 1000) => z.string().check(z.minLength(1), z.maxLength(max))

/** The fields that name a device; identify() checks that exactly one is given. */
export const deviceRefFields = {
  clientid: optional(requiredText(200)),
  imei: optional(requiredText(200)),
  serialnumber: optional(requiredText(200)),
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined
    value = Reflect.get(value, key)
  }
  return value
}

const TYPE_REASONS: Record<string, FieldReason> = {
  string: 'text',
  boolean: 'boolean',
  number: 'number',
  int: 'integer',
  object: 'object',
}

function reasonOf(issue: z.core.$ZodIssue, input: unknown): FieldReason {
  if (valueAt(input, issue.path) == null) return 'missing'
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_REASONS[issue.expected] ?? 'invalid'
    case 'invalid_value':
      return 'oneOf'
    case 'too_small':
      return issue.origin === 'string' ? 'notEmpty' : 'invalid'
    case 'too_big':
      return 'tooLong'
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'invalid'
    case 'custom':
      return issue.message === 'dateTime' ? 'dateTime' : 'invalid'
    default:
      return 'invalid'
  }
}

/** Validates the request fields; the first problem becomes an invalidField failure naming it. */
export function parseFields<T extends z.ZodMiniType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (!issue) throw new ApiFailure('malformedJson')
  const field = issue.path.map(String).join('.')
  const values = issue.code === 'invalid_value' ? issue.values.map(String) : []
  throw invalidField(field, reasonOf(issue, input), values)
}
