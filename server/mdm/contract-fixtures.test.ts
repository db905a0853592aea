import { readdirSync, readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appInfoResultSchema,
  appListResultSchema,
  authResultSchema,
  deviceInfoResultSchema,
  deviceListResultSchema,
  emptyResultSchema,
  resetPasswordInfoResultSchema,
  userCreateResultSchema,
  userInfoResultSchema,
  userListResultSchema,
} from '../../contract/schemas.ts'
import { DEVICE_IDS } from './demo/demo-ids.ts'
import { startApi, TestWorld, type Answer } from './test-client.ts'

/**
 * contract/fixtures/ holds one answer of each kind, written from the interface's field tables
 * (shared/spec/mdm-api-v2.md "Resources and their fields", api-facts.md "Values"). The portal's
 * schemas must read each of them without losing a member, and the reference API must answer in
 * the same shape: the same members, each of the same kind. A mistake made alike in the schemas
 * and in the reference API still shows against the fixtures.
 */
const FIXTURES = new URL('../../contract/fixtures/', import.meta.url)

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8'))
}

type Shape = string | null | { [key: string]: Shape } | Shape[]

/** Members and kinds, not values; an array by all its items together. `null` fits any kind. */
function shape(value: unknown): Shape {
  if (value === null || value === undefined) return null
  if (Array.isArray(value)) return value.length ? [value.map(shape).reduce(merge)] : []
  if (value instanceof Date) return 'date'
  if (typeof value === 'object') {
    const entries = Object.entries(value).map(([key, member]) => [key, shape(member)])
    return Object.fromEntries(entries.sort(([a], [b]) => String(a).localeCompare(String(b))))
  }
  return typeof value
}

function merge(a: Shape, b: Shape): Shape {
  if (a === null) return b
  if (b === null || typeof a === 'string' || Array.isArray(a)) return a
  if (typeof b === 'string' || Array.isArray(b)) return a
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
  return Object.fromEntries(keys.map((key) => [key, merge(a[key] ?? null, b[key] ?? null)]))
}

/** The members of a shape, as paths, to see which are missing or extra. */
function members(value: Shape, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => members(item, `${at}[]`))
  if (value === null || typeof value === 'string') return []
  return Object.entries(value).flatMap(([key, member]) => [
    `${at}.${key}`,
    ...members(member, `${at}.${key}`),
  ])
}

/** Kinds that differ where both sides have a value. */
function kindsDiffer(want: Shape, have: Shape, at = ''): string[] {
  if (want === null || have === null) return []
  if (typeof want === 'string' || typeof have === 'string')
    return want === have ? [] : [`${at}: ${JSON.stringify(want)} ≠ ${JSON.stringify(have)}`]
  if (Array.isArray(want) || Array.isArray(have)) {
    if (!Array.isArray(want) || !Array.isArray(have)) return [`${at}: array ≠ object`]
    return want[0] !== undefined && have[0] !== undefined
      ? kindsDiffer(want[0], have[0], `${at}[]`)
      : []
  }
  return Object.keys(want).flatMap((key) =>
    kindsDiffer(want[key] ?? null, have[key] ?? null, `${at}.${key}`),
  )
}

const SCHEMAS = {
  'user-login': authResultSchema,
  'user-renewtoken': authResultSchema,
  'device-list': deviceListResultSchema,
  'device-info': deviceInfoResultSchema,
  'device-command': emptyResultSchema,
  'app-list': appListResultSchema,
  'app-info': appInfoResultSchema,
  'user-info': userInfoResultSchema,
  'user-list': userListResultSchema,
  'user-create': userCreateResultSchema,
  'user-resetpasswordinfo': resetPasswordInfoResultSchema,
  failure: emptyResultSchema,
} as const

describe('the contract fixtures', () => {
  it('are all named here', () => {
    const files = readdirSync(FIXTURES).map((file) => file.replace(/\.json$/, ''))
    expect(files.sort()).toEqual(Object.keys(SCHEMAS).sort())
  })

  it.each(Object.entries(SCHEMAS))('%s: the schema reads every member', (name, schema) => {
    const body = fixture(name)
    const parsed = schema.safeParse(body)
    expect(parsed.error).toBeUndefined()
    expect(members(shape(parsed.data))).toEqual(members(shape(body)))
  })
})

describe('the reference API answers in the shape of the fixtures', () => {
  let app: FastifyInstance
  const answers = new Map<string, Answer>()

  beforeAll(async () => {
    app = await startApi()
    const world = new TestWorld(app)
    const anna = await world.login('anna')
    const admin = await world.login('admin')
    const pixel = { token: anna, clientid: DEVICE_IDS.annaPixel }
    answers.set('user-login', await world.call('user/login', DEMO_ANNA))
    answers.set('user-renewtoken', await world.call('user/renewtoken', { token: anna }))
    answers.set('device-list', await world.call('device/list', { token: anna }))
    answers.set('device-info', await world.call('device/info', pixel))
    answers.set('device-command', await world.call('device/requestapplist', pixel))
    answers.set('app-list', await world.call('app/list', pixel))
    answers.set('app-info', await world.call('app/info', { ...pixel, id: 'AU8' }))
    answers.set('user-info', await world.call('user/info', { token: anna }))
    answers.set('user-list', await world.call('user/list', { token: admin }))
    answers.set(
      'user-create',
      await world.call('user/create', { token: admin, email: 'shape@example.com' }),
    )
    await world.call('user/forgotpassword', { emailaddress: 'anna@example.com', usertype: 'user' })
    const link = (await world.outbox()).find((mail) => mail.kind === 'reset')?.links[0]
    const token = new URL(link ?? 'http://x').searchParams.get('token')
    answers.set('user-resetpasswordinfo', await world.call('user/resetpasswordinfo', { token }))
    answers.set('failure', await world.call('user/login', { ...DEMO_ANNA, password: 'wrong-1' }))
  })
  afterAll(() => app.close())

  it.each(Object.keys(SCHEMAS))('%s', (name) => {
    const want = shape(fixture(name))
    const have = shape(answers.get(name)?.json)
    expect(members(have)).toEqual(members(want))
    expect(kindsDiffer(want, have)).toEqual([])
  })
})

const DEMO_ANNA = {
  type: 'basic',
  usertype: 'user',
  username: 'anna@example.com',
  password: 'Demo-Pass-1',
}
