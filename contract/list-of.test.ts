import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import {
  appInfoResultSchema,
  appListResultSchema,
  deviceInfoResultSchema,
  deviceListResultSchema,
  toMsDate,
  userInfoResultSchema,
  userListResultSchema,
} from './schemas'
import { listOf, readerOf } from './list-of'
import { z } from './zod'

/**
 * A list's items are read by `listOf` (contract/list-of.ts), a quicker way to the result of
 * `z.array(item)`. Each item of each list fixture, and every variant of it with one member
 * absent, `undefined`, `null`, of another kind or strange, must come out exactly as zod's own
 * array reads it: the same members (an absent one stays absent), the same values, and for a
 * wrong item a failure with the same path and message.
 */
const FIXTURES = new URL('./fixtures/', import.meta.url)
const fixtureItems = (name: string): Record<string, unknown>[] =>
  (JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as { data: never[] }).data

const STRANGE: unknown[] = [
  undefined,
  null,
  '',
  'text',
  0,
  1.5,
  -3,
  Number.NaN,
  2 ** 60,
  true,
  false,
  {},
  [],
  toMsDate(1608564096937),
  '/Date(nope)/',
  { latitude: 52.5, longitude: 13.4 },
  { status: 1, visible: true },
]

/** The item, then the item with each member absent and with each member set to each value. */
function variants(item: Record<string, unknown>): unknown[] {
  const keys = [...Object.keys(item), 'unknownmember']
  const out: unknown[] = [item]
  for (const key of keys) {
    const { [key]: _dropped, ...without } = item
    out.push(without)
    for (const value of STRANGE) out.push({ ...item, [key]: value })
  }
  return out
}

type Read = { success: boolean; data?: Record<string, unknown>; issues: [string, string][] }

function outcome(
  result: ReturnType<typeof z.safeParse>,
  pick: (data: Record<string, unknown>) => unknown,
  from: string,
): Read {
  if (!result.success) {
    const issues = result.error.issues.map((issue): [string, string] => [
      issue.path.join('.').replace(from, ''),
      issue.message,
    ])
    return { success: false, issues }
  }
  return { success: true, data: pick(result.data as Record<string, unknown>) as never, issues: [] }
}

/** Each list answer, and the answer that holds one item of it, read by zod's own object. */
const LISTS = [
  {
    name: 'device-list',
    list: deviceListResultSchema,
    one: deviceInfoResultSchema,
    member: 'deviceinfo',
  },
  { name: 'app-list', list: appListResultSchema, one: appInfoResultSchema, member: 'data' },
  { name: 'user-list', list: userListResultSchema, one: userInfoResultSchema, member: 'userinfo' },
] as const

describe.each(LISTS)('the items of $name', ({ name, list, one, member }) => {
  /** The item read in a list of one, and read alone as zod reads an object. */
  const readBoth = (value: unknown) => ({
    listed: outcome(
      z.safeParse(list, { success: true, data: [value] }),
      (answer) => (answer.data as unknown[])[0],
      'data.0',
    ),
    alone: outcome(
      z.safeParse(one, { success: true, [member]: value }),
      (answer) => answer[member],
      member,
    ),
  })

  test('read as zod reads them, item by item, whatever a member holds', () => {
    let compared = 0
    let failed = 0
    for (const fixture of fixtureItems(name)) {
      for (const variant of variants(fixture)) {
        const { listed, alone } = readBoth(variant)
        const what = JSON.stringify(variant) ?? String(variant)
        expect(listed.success, what).toBe(alone.success)
        expect(listed.data, what).toStrictEqual(alone.data)
        expect(Object.keys(listed.data ?? {}), what).toEqual(Object.keys(alone.data ?? {}))
        expect(listed.issues, what).toEqual(alone.issues)
        if (!alone.success) failed++
        compared++
      }
    }
    // Both kinds of outcome were compared, many times.
    expect(compared).toBeGreaterThan(100)
    expect(failed).toBeGreaterThan(10)
    expect(compared - failed).toBeGreaterThan(10)
  })

  test('reads right items itself, and leaves the others to zod', () => {
    const answer = (one as unknown as { _zod: { def: { getter: () => z.ZodMiniObject } } })._zod.def
    const item = answer.getter()._zod.def.shape[member] as unknown as z.ZodMiniObject
    const read = readerOf(item)
    const items = fixtureItems(name)
    expect(items.length).toBeGreaterThan(0)
    for (const value of items) expect(read(value)).toStrictEqual(z.parse(item, value))
    expect(read({ ...items[0], [Object.keys(items[0] ?? {})[0] ?? 'x']: 12345 })).toBeNull()
    expect(read(null)).toBeNull()
  })

  test('a wrong item among right ones fails the list, naming where', () => {
    const first = fixtureItems(name)[0] ?? {}
    const key = Object.keys(first)[0] ?? 'x'
    const result = z.safeParse(list, {
      success: true,
      data: [first, first, { ...first, [key]: 1 }],
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['data', 2, key]])
  })

  test('anything but a list is not one', () => {
    for (const value of [null, {}, 'list', 3]) {
      expect(z.safeParse(list, { success: true, data: value }).success).toBe(false)
    }
  })
})

test('an object that keeps or refuses unknown members is left to zod', () => {
  const strict = z.strictObject({ name: z.string() })
  expect(readerOf(strict)({ name: 'a' })).toBeNull()
  expect(z.safeParse(listOf(strict), [{ name: 'a' }]).data).toEqual([{ name: 'a' }])
  expect(z.safeParse(listOf(strict), [{ name: 'a', more: 1 }]).success).toBe(false)
  const loose = z.looseObject({ name: z.string() })
  expect(z.safeParse(listOf(loose), [{ name: 'a', more: 1 }]).data).toEqual([
    { name: 'a', more: 1 },
  ])
})
