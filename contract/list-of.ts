import { z } from './zod'

type AnyObject = z.ZodMiniObject
type Member = z.core.$ZodType
type Plain = 'string' | 'number' | 'int' | 'boolean'

/**
 * How a member is read: a plain value (a string, number, integer or boolean with no further
 * checks, optional and nullable or required) by its type, anything else by its own schema.
 */
type Reading = { key: string; schema: Member } & (
  { plain: Plain; optional: boolean } | { plain: null }
)

function plainOf(schema: Member): Plain | null {
  const def = schema._zod.def as { type: string; format?: string; checks?: unknown[] }
  if (def.checks?.length) return null
  if (def.type === 'string' || def.type === 'boolean') return def.type
  if (def.type === 'number') return def.format === 'safeint' ? 'int' : def.format ? null : 'number'
  return null
}

function readingOf(key: string, schema: Member): Reading {
  const plain = plainOf(schema)
  if (plain) return { key, schema, plain, optional: false }
  const outer = schema._zod.def as { type: string; innerType?: Member }
  const inner = outer.innerType?._zod.def as { type: string; innerType?: Member } | undefined
  if (outer.type === 'optional' && inner?.type === 'nullable' && inner.innerType) {
    const nullish = plainOf(inner.innerType)
    if (nullish) return { key, schema, plain: nullish, optional: true }
  }
  return { key, schema, plain: null }
}

/** An object that is not an array: what `z.object` accepts. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isPlain(value: unknown, plain: Plain): boolean {
  switch (plain) {
    case 'string':
    case 'boolean':
      return typeof value === plain
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'int':
      return Number.isSafeInteger(value)
  }
}

/**
 * Reads one object exactly as `z.safeParse(item, value)` would, or answers null to leave it to
 * zod: plain members are checked by their type, the others by their own schema, and a member's
 * value that comes to `undefined` is kept only when the key was there (zod's rule). Exported for
 * its tests.
 */
export function readerOf<S extends AnyObject>(item: S): (value: unknown) => z.output<S> | null {
  const readings = Object.entries(item._zod.def.shape as Record<string, Member>).map(
    ([key, schema]) => readingOf(key, schema),
  )
  // An object that keeps or refuses unknown members (catchall, strict) is zod's to read.
  if (item._zod.def.catchall) return () => null
  return (value) => {
    if (!isRecord(value)) return null
    const input = value
    const output: Record<string, unknown> = {}
    for (const reading of readings) {
      let member = input[reading.key]
      if (reading.plain) {
        const absent = member === undefined || (reading.optional && member === null)
        if (!(absent ? reading.optional : isPlain(member, reading.plain))) return null
      } else {
        const result = z.safeParse(reading.schema, member)
        if (!result.success) return null
        member = result.data
      }
      if (member !== undefined || reading.key in input) output[reading.key] = member
    }
    return output as z.output<S>
  }
}

/**
 * A list member of an answer (`data: [...]`) whose items are objects, read as `z.array(item)`
 * reads it, with the same result and the same issues, in a fraction of the time for long lists:
 * zod checks each member of each item through a few layers of its own, which for a list of
 * 5,000 devices took about as long as the browser took to parse the answer's JSON. Here the
 * plain members are checked directly; an item that is anything but plainly right goes to zod,
 * which decides and says what is wrong.
 */
export function listOf<S extends AnyObject>(item: S) {
  const read = readerOf(item)
  return z.pipe(
    z.array(z.unknown()),
    z.transform((values: unknown[], ctx) => {
      const items: z.output<S>[] = []
      let wrong = false
      for (const [index, value] of values.entries()) {
        const fast = read(value)
        if (fast !== null) {
          items.push(fast)
          continue
        }
        const result = z.safeParse(item, value)
        if (result.success) {
          items.push(result.data)
          continue
        }
        wrong = true
        for (const issue of result.error.issues) {
          ctx.issues.push({
            code: 'custom',
            message: issue.message,
            input: value,
            path: [index, ...issue.path],
          })
        }
      }
      return wrong ? z.NEVER : items
    }),
  ) as unknown as z.ZodMiniType<z.output<S>[], z.input<S>[]>
}
