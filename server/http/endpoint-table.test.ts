import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  ENDPOINT_PATHS,
  ENDPOINTS,
  takesSession,
  type Endpoint,
  type EndpointRow,
} from '../../contract/endpoints.ts'
import { requestSchemas } from '../../contract/requests.ts'
import { buildServer } from '../app.ts'
import { startLenientService } from '../testing/lenient-service.ts'
import { startPostgres, type RunningPostgres } from '../testing/postgres-server.ts'
import { makeDist, portOf, recordsReachable, sendRaw, testConfig } from '../testing/test-support.ts'

/**
 * Generated from contract/endpoints.ts: every row, with each spelling of its request an
 * attacker would try (a fragment, the absolute form, the path's and the members' case,
 * percent-encodings, duplicated members, `?json=`, other methods), embedded and in front of a
 * service as lenient as ASP.NET's defaults. Each variant is refused before the service (400 or
 * 404, the envelope) or treated exactly as the plain request: the same role decision for each
 * kind of caller, the same record, the same limit count, the same session check. A new row is
 * walked without a change here.
 */
const dist = makeDist()
const folder = mkdtempSync(join(tmpdir(), 'portal-endpoint-table-'))
const rolesFile = join(folder, 'roles.yaml')
// ops@example.com is an administrator to the service, but has no role in this help desk.
writeFileSync(
  rolesFile,
  'accounts:\n  admin@example.com: admin\n  helpdesk@example.com: helpdesk\n  auditor@example.com: auditor\n',
)
let postgres: RunningPostgres
beforeAll(async () => {
  postgres = await startPostgres()
  const client = new pg.Client({ connectionString: postgres.url })
  await client.connect()
  for (const mode of MODES) await client.query(`CREATE DATABASE ${mode}`)
  await client.end()
}, 60_000)
afterAll(async () => {
  await postgres?.remove()
  dist.remove()
  rmSync(folder, { recursive: true, force: true })
})

const MODES = ['embedded', 'proxy'] as const
/** How many spellings of one caller are in flight at once. */
const BATCH = 4
/** Each account may sign in (or ask for a reset) once a minute per address: the next is refused. */
const ACCOUNT_LIMIT = 1

const ACCOUNTS = {
  auditor: { usertype: 'admin', username: 'auditor@example.com', password: 'Auditor-Demo-1' },
  helpdesk: { usertype: 'admin', username: 'helpdesk@example.com', password: 'Helpdesk-Demo-1' },
  admin: { usertype: 'admin', username: 'admin@example.com', password: 'Admin-Demo-1' },
  ops: { usertype: 'admin', username: 'ops@example.com', password: 'Ops-Demo-1' },
  anna: { usertype: 'user', username: 'anna@example.com', password: 'Demo-Pass-1' },
} as const
type Account = keyof typeof ACCOUNTS

/** Who calls, per kind of row: every help desk role and a user, or the bodies of a sign-in. */
function callersOf(row: EndpointRow): string[] {
  if (takesSession(row)) return ['auditor', 'helpdesk', 'admin', 'anna']
  if (row.limit === 'login') return ['ops', 'admin', 'anna', 'unknown']
  if (row.limit === 'forgot') return ['anna', 'unknown']
  return ['link']
}

let serial = 0
const unique = () => `${process.pid}-${++serial}`
/** Each request from its own address (TRUST_PROXY names the test): no limit carries over. */
const nextAddress = () => {
  const n = ++serial
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

type Fields = Record<string, unknown>

/** The members a row's request needs, filled so that nothing on a real device changes. */
function fieldsOf(endpoint: Endpoint, caller: string, tokens: Record<string, string>): Fields {
  const row: EndpointRow = ENDPOINTS[endpoint]
  const shape = Object.keys(requestSchemas[endpoint].def.shape)
  const fields: Fields = {}
  if (takesSession(row)) fields.token = tokens[caller]
  if (row.caller === 'resetLink') fields.token = `no-such-link-${unique()}`
  if (row.limit === 'login') {
    const account = ACCOUNTS[caller as Account] ?? {
      usertype: 'user',
      username: `nobody-${unique()}@example.com`,
      password: 'Wrong-Pass-1',
    }
    Object.assign(fields, { type: 'basic', ...account })
    if (account.usertype === 'admin') fields.mtcid = 'demo'
  }
  if (row.limit === 'forgot') {
    fields.emailaddress =
      caller === 'anna' ? ACCOUNTS.anna.username : `nobody-${unique()}@example.com`
    fields.usertype = 'user'
  }
  // A device no one has: the command is judged, recorded and refused by the service.
  if (shape.includes('clientid')) fields.clientid = `probe-${unique()}`
  if (shape.includes('id')) fields.id = 'AU8'
  if (shape.includes('sid')) fields.sid = `no-such-user-${unique()}`
  if (shape.includes('mdmtype')) fields.mdmtype = 'apple'
  if (shape.includes('email')) fields.email = `invited-${unique()}@example.com`
  return fields
}

interface Sent {
  method: string
  target: string
  body?: string
  headers?: Record<string, string>
  /** The body in this many pieces, without a Content-Length. */
  chunks?: number
}

interface Answer {
  status: number
  code: unknown
  success: unknown
  text: string
  reached: boolean
  type: string | undefined
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const CAMEL: Record<string, string> = {
  clientid: 'ClientId',
  usertype: 'UserType',
  emailaddress: 'EmailAddress',
  mtcid: 'MtcId',
  mdmtype: 'MdmType',
}
/** The members of a body as raw JSON text, so that a name may come twice. */
/** The same text with its letters written as JSON escapes (`\u0061` for `a`). */
const jsonEscaped = (text: string) =>
  text.replace(/[a-z]/gi, (letter) => `\\u00${letter.charCodeAt(0).toString(16)}`)
const objectText = (members: [string, unknown][]) =>
  `{${members.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`
const escapeFirst = (text: string) =>
  text.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`)
const describeSent = (sent: Sent) =>
  `${sent.method} ${sent.target} ${sent.body ?? ''} ${JSON.stringify(sent.headers ?? {})}`
const encodeJson = (fields: Fields | string) =>
  encodeURIComponent(typeof fields === 'string' ? fields : JSON.stringify(fields))

interface Variant {
  name: string
  sent: Sent
}

/**
 * The spellings that mean the plain request itself (RFC 3986's equivalences, JSON's, a query's
 * other parameters): the portal may take them, and then exactly as the plain request. Every
 * other one names a path, a method or a member that is not the row's (issue #55, point 2: a
 * fragment, another host, another case, a member twice) and is refused before the service.
 */
const SAME_REQUEST = new Set([
  'the absolute form naming this host',
  'an escaped letter',
  'an escaped letter of the prefix',
  'another query parameter',
  'spaced JSON',
  'members in reverse order',
  'an escaped letter in a member name',
  'a charset',
  'a chunked body',
  'escaped letters in the values',
  'the absolute form in capitals',
  'escapes in lower case',
  'the JSON barely escaped',
  'spaces as +',
  'an escaped parameter name',
  'another parameter after',
  'another parameter before',
])

/** Every other spelling of a POST to the row, built from its plain request. */
function postVariants(endpoint: Endpoint, fields: Fields, port: number): Variant[] {
  const path = `/api/mdm/v2/${endpoint}`
  const body = JSON.stringify(fields)
  const members = Object.entries(fields)
  const post = (name: string, target: string, text = body, headers?: Record<string, string>) => ({
    name,
    sent: { method: 'POST', target, body: text, ...(headers ? { headers } : {}) },
  })
  const segments = endpoint.split('/')
  const variants: Variant[] = [
    post('a fragment', `${path}#x`),
    post('an empty fragment', `${path}#`),
    post('a trailing slash', `${path}/`),
    post('a parameter after ;', `${path};x`),
    post('the path in capitals', path.toUpperCase()),
    post('capitalized segments', `/API/MDM/V2/${segments.map(capital).join('/')}`),
    post('a capitalized endpoint', `/api/mdm/v2/${segments.map(capital).join('/')}`),
    post('the absolute form naming another host', `http://other-host${path}`),
    post('the absolute form naming this host', `http://127.0.0.1:${port}${path}`),
    post('an escaped slash', `/api/mdm/v2/${segments.join('%2F')}`),
    post('an escaped slash in lower case', `/api/mdm/v2/${segments.join('%2f')}`),
    post('an escaped backslash', `/api/mdm/v2/${segments.join('%5C')}`),
    post('an escaped letter', `/api/mdm/v2/${escapeFirst(endpoint)}`),
    post('an escaped letter of the prefix', `/api/mdm/%762/${endpoint}`),
    post(
      'an escaped capital letter',
      `/api/mdm/v2/%${endpoint.toUpperCase().charCodeAt(0).toString(16)}${endpoint.slice(1)}`,
    ),
    post('a doubled slash', `/api/mdm/v2//${endpoint}`),
    post('a dot segment', `/api/mdm/v2/x/../${endpoint}`),
    post('an escaped dot segment', `/api/mdm/v2/x/%2e%2e/${endpoint}`),
    post('another query parameter', `${path}?x=1`),
    post('the body in ?json= too', `${path}?json=${encodeJson(fields)}`),
    post('the token as a parameter', `${path}?token=${encodeURIComponent(String(fields.token))}`),
    post('spaced JSON', path, JSON.stringify(fields, null, 2)),
    post('members in reverse order', path, objectText(members.toReversed())),
    post(
      'an escaped letter in a member name',
      path,
      body.replace(
        /^\{"(.)/,
        (_all, letter: string) => `{"\\u00${letter.charCodeAt(0).toString(16)}`,
      ),
    ),
    post('a charset', path, body, { 'content-type': 'application/json; charset=utf-8' }),
    {
      name: 'a chunked body',
      sent: { method: 'POST', target: path, body, chunks: 3 },
    },
    post(
      'escaped letters in the values',
      path,
      `{${members.map(([name, value]) => `${JSON.stringify(name)}:${typeof value === 'string' ? `"${jsonEscaped(value)}"` : JSON.stringify(value)}`).join(',')}}`,
    ),
    post('an escaped space', `${path}%20`),
    post('an escaped NUL', `${path}%00`),
    post('another media type', path, body, { 'content-type': 'text/plain' }),
    post('the absolute form in capitals', `HTTP://127.0.0.1:${port}${path}`),
    post('a byte-order mark', path, `\uFEFF${body}`),
    post('an unknown member', path, objectText([...members, ['unknownmember', 1]])),
    {
      name: 'no body, the fields in ?json=',
      sent: { method: 'POST', target: `${path}?json=${encodeJson(fields)}` },
    },
  ]
  for (const [name, value] of members) {
    const others = members.filter(([other]) => other !== name)
    const renamed = (spelling: string) => objectText([...others, [spelling, value]])
    for (const spelling of new Set([
      capital(name),
      name.toUpperCase(),
      CAMEL[name] ?? capital(name),
    ])) {
      variants.push(post(`the member ${spelling}`, path, renamed(spelling)))
    }
    variants.push(post(`${name} twice`, path, objectText([...members, [name, value]])))
    variants.push(
      post(
        `${name} twice, in two cases`,
        path,
        objectText([...members, [name.toUpperCase(), value]]),
      ),
    )
    variants.push(
      post(
        `${name} twice, two values`,
        path,
        objectText([...members, [name, `${String(value)}x`]]),
      ),
    )
    // The values that decide who signs in, as a lenient service would read them too.
    if ((name === 'usertype' || name === 'type') && typeof value === 'string') {
      variants.push(
        post(`${name} ${capital(value)}`, path, objectText([...others, [name, capital(value)]])),
      )
    }
  }
  for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    variants.push({ name: method, sent: { method, target: path, body } })
  }
  variants.push({ name: 'HEAD', sent: { method: 'HEAD', target: path } })
  if (!ENDPOINTS[endpoint].methods.includes('GET' as never)) {
    variants.push({
      name: 'GET',
      sent: { method: 'GET', target: `${path}?json=${encodeJson(fields)}` },
    })
  }
  return variants
}

/** Every other spelling of the GET form of a file endpoint, built from its plain `?json=`. */
function getVariants(endpoint: Endpoint, fields: Fields, port: number): Variant[] {
  const path = `/api/mdm/v2/${endpoint}`
  const json = encodeJson(fields)
  const members = Object.entries(fields)
  const get = (name: string, target: string, body?: string) => ({
    name,
    sent: { method: 'GET', target, ...(body === undefined ? {} : { body }) },
  })
  const variants: Variant[] = [
    get(
      'escapes in lower case',
      `${path}?json=${json.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())}`,
    ),
    get(
      'the JSON barely escaped',
      `${path}?json=${JSON.stringify(fields).replace(/[%&#+ ]/g, encodeURIComponent)}`,
    ),
    get(
      'spaces as +',
      `${path}?${new URLSearchParams({ json: JSON.stringify(fields, null, 1) }).toString()}`,
    ),
    get('an escaped parameter name', `${path}?%6Ason=${json}`),
    get('another parameter after', `${path}?json=${json}&x=1`),
    get('another parameter before', `${path}?x=1&json=${json}`),
    get('the absolute form naming this host', `http://127.0.0.1:${port}${path}?json=${json}`),
    get('an escaped letter', `/api/mdm/v2/${escapeFirst(endpoint)}?json=${json}`),
    get('a fragment', `${path}?json=${json}#x`),
    get('a trailing slash', `${path}/?json=${json}`),
    get('a parameter after ;', `${path};x?json=${json}`),
    get('the path in capitals', `${path.toUpperCase()}?json=${json}`),
    get('the absolute form naming another host', `http://other-host${path}?json=${json}`),
    get('an escaped slash', `/api/mdm/v2/${endpoint.replace('/', '%2F')}?json=${json}`),
    get('json twice', `${path}?json=${json}&json=${json}`),
    get('json twice, two values', `${path}?json=${json}&json=${encodeJson({})}`),
    get('JSON', `${path}?JSON=${json}`),
    get('Json', `${path}?Json=${json}`),
    get('an escaped capital in the name', `${path}?%4Ason=${json}`),
    get(
      'the token as a parameter',
      `${path}?json=${json}&token=${encodeURIComponent(String(fields.token))}`,
    ),
    get('a body too', `${path}?json=${json}`, JSON.stringify(fields)),
    get('the fields in a body, no ?json=', path, JSON.stringify(fields)),
    get(
      'an unknown member',
      `${path}?json=${encodeJson(objectText([...members, ['unknownmember', 1]]))}`,
    ),
    { name: 'HEAD', sent: { method: 'HEAD', target: `${path}?json=${json}` } },
  ]
  for (const [name, value] of members) {
    const others = members.filter(([other]) => other !== name)
    for (const spelling of new Set([capital(name), name.toUpperCase()])) {
      variants.push(
        get(
          `the member ${spelling}`,
          `${path}?json=${encodeJson(objectText([...others, [spelling, value]]))}`,
        ),
      )
    }
    variants.push(
      get(`${name} twice`, `${path}?json=${encodeJson(objectText([...members, [name, value]]))}`),
    )
    variants.push(
      get(
        `${name} twice, in two cases`,
        `${path}?json=${encodeJson(objectText([...members, [name.toUpperCase(), value]]))}`,
      ),
    )
  }
  return variants
}

/** Runs `work` for 0 … count-1, a few at a time. */
async function inBatches(count: number, size: number, work: (index: number) => Promise<void>) {
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, at) => start + at)
    await Promise.all(batch.map(work))
  }
}

interface Record_ {
  activity?: Record<string, unknown>
  signIn?: Record<string, unknown>
}

describe.each(MODES)('%s mode', { timeout: 180_000 }, (mode) => {
  let app: FastifyInstance
  let port: number
  let db: pg.Client
  /** How many requests from this address reached the service (in proxy mode). */
  let reachedFrom: (address: string) => number = () => 0
  const closers: (() => Promise<unknown>)[] = []
  const tokens: Record<string, string> = {}
  /** Tokens that must be refused: one signed out, one of a session ended elsewhere. */
  const ended: Record<'user' | 'admin', { signedOut: string; endedThere: string }> = {
    user: { signedOut: '', endedThere: '' },
    admin: { signedOut: '', endedThere: '' },
  }
  /** The status and code of the portal's own refusals of a request it cannot take. */
  const refusals = new Set<string>()

  async function send(sent: Sent, address = nextAddress()): Promise<Answer> {
    const before = reachedFrom(address)
    const answer = await sendRaw(port, {
      method: sent.method,
      path: sent.target,
      ...(sent.body === undefined ? {} : { body: sent.body }),
      ...(sent.chunks === undefined ? {} : { chunks: sent.chunks }),
      headers: { 'accept-language': 'de', 'x-forwarded-for': address, ...sent.headers },
    })
    let json: Record<string, unknown> = {}
    try {
      json = JSON.parse(answer.text) as Record<string, unknown>
    } catch {
      // A file, or nothing (HEAD): compared by its bytes.
    }
    return {
      status: answer.status,
      code: json.errorcode ?? null,
      success: json.success ?? null,
      text: answer.text,
      reached: reachedFrom(address) > before,
      type: answer.type,
    }
  }

  const isRefusal = (answer: Answer) =>
    !answer.reached &&
    // A HEAD's answer has no body: its status says it was refused.
    (refusals.has(`${answer.status} ${String(answer.code)}`) ||
      (answer.text === '' &&
        [...refusals].some((refusal) => refusal.startsWith(`${answer.status} `))))
  const decision = (answer: Answer) => ({
    status: answer.status,
    code: answer.code,
    success: answer.success,
  })

  const post = (url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    })

  async function signIn(account: Account): Promise<string> {
    const fields = { type: 'basic', ...ACCOUNTS[account] }
    const answer = await post('/api/mdm/v2/user/login', {
      ...fields,
      ...(fields.usertype === 'admin' ? { mtcid: 'demo' } : {}),
    })
    const token: unknown = answer.json().token
    if (typeof token !== 'string') throw new Error(answer.body)
    return token
  }

  /** A token of a session ended with "Sign out there" from another one of the same account. */
  async function endedThere(account: Account): Promise<string> {
    const here = await signIn(account)
    const there = await signIn(account)
    const sessions = async () =>
      (await post('/api/portal/records/account', { token: here })).json().data.sessions as {
        id: string
        current: boolean
      }[]
    await vi.waitFor(async () => expect(await sessions()).toHaveLength(2), { timeout: 60_000 })
    const other = (await sessions()).find((session) => !session.current)
    const end = await post('/api/portal/records/end-session', { token: here, session: other?.id })
    expect(end.json().data).toEqual({ ended: 1 })
    return there
  }

  async function signedOut(account: Account): Promise<string> {
    const token = await signIn(account)
    expect((await post('/api/portal/sign-out', { token })).statusCode).toBe(200)
    return token
  }

  beforeAll(async () => {
    const env: Record<string, string> = {
      PORTAL_RECORDS: '1',
      DATABASE_URL: postgres.url.replace(/\/postgres$/, `/${mode}`),
      HELPDESK_ROLES_FILE: rolesFile,
      MDM_COMMAND_DELAY_MS: '60000',
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_LIMIT: String(ACCOUNT_LIMIT),
      FORGOT_PASSWORD_RATE_LIMIT: String(ACCOUNT_LIMIT),
    }
    if (mode === 'proxy') {
      const service = await startLenientService()
      closers.push(() => service.close())
      env.MDM_API_URL = service.url
      // The service is told who asked (X-Forwarded-For): each request comes from its own address.
      reachedFrom = (address) =>
        service.seen.filter((seen) => seen.headers['x-forwarded-for'] === address).length
    }
    app = await buildServer(testConfig(dist.dir, env))
    closers.unshift(() => app.close())
    port = portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
    await recordsReachable(app, { timeout: 90_000, interval: 200 })
    db = new pg.Client({ connectionString: env.DATABASE_URL })
    await db.connect()
    closers.unshift(() => db.end())
    // Ended first: the account's only two sessions, the one to end is the other one.
    const endedUser = await endedThere('anna')
    const endedAdmin = await endedThere('admin')
    ended.user = { signedOut: await signedOut('anna'), endedThere: endedUser }
    ended.admin = { signedOut: await signedOut('admin'), endedThere: endedAdmin }
    for (const account of ['auditor', 'helpdesk', 'admin', 'anna'] as const) {
      tokens[account] = await signIn(account)
    }
    // The portal's own refusals, as it answers a path it does not pass and a target it cannot read.
    const body = JSON.stringify({ token: tokens.anna })
    for (const sent of [
      { method: 'POST', target: '/api/mdm/v2/no/such-endpoint', body },
      { method: 'POST', target: '/api/mdm/v2/device/list#x', body },
      { method: 'POST', target: '/api/mdm/v2/device/list', body: '{"token":"a","token":"b"}' },
    ]) {
      const answer = await send(sent)
      expect(answer.reached).toBe(false)
      expect(answer.success).toBe(false)
      refusals.add(`${answer.status} ${String(answer.code)}`)
    }
  }, 300_000)
  afterAll(async () => {
    for (const close of closers) await close()
  })

  /** The records each request left, by the device or the account only it named. */
  async function recordsOf(requests: Fields[]): Promise<Record_[]> {
    const devices = requests.flatMap((fields) =>
      typeof fields.clientid === 'string' ? [fields.clientid] : [],
    )
    const names = requests.flatMap((fields) =>
      typeof fields.username === 'string' && fields.username.startsWith('nobody-')
        ? [fields.username]
        : [],
    )
    const activity = await db.query<Record<string, unknown>>(
      'SELECT client_id, action, account, actor, tenant, details, answer_status, answer_code, outcome FROM portal_activity WHERE client_id = ANY($1)',
      [devices],
    )
    const signIns = await db.query<Record<string, unknown>>(
      'SELECT account, usertype, tenant, method, succeeded FROM portal_sign_ins WHERE account = ANY($1)',
      [names],
    )
    return requests.map((fields) => {
      const found: Record_ = {}
      const commands = activity.rows.filter((row) => row.client_id === fields.clientid)
      expect(commands.length, String(fields.clientid)).toBeLessThanOrEqual(1)
      if (commands[0]) found.activity = commands[0]
      const signIn = signIns.rows.find((row) => row.account === fields.username)
      if (signIn) found.signIn = signIn
      return found
    })
  }

  /** Waits until what was sent so far is in the store: the records of a last plain request. */
  async function recordsSettled(endpoint: Endpoint, caller: string) {
    const fields = fieldsOf(endpoint, caller, tokens)
    await send({ method: 'POST', target: `/api/mdm/v2/${endpoint}`, body: JSON.stringify(fields) })
    const row: EndpointRow = ENDPOINTS[endpoint]
    await vi.waitFor(
      async () => {
        const health = (await app.inject({ url: '/healthz' })).json()
        expect(health.recordsQueued).toBe(0)
        const [records] = await recordsOf([fields])
        if (row.command !== null) expect(records?.activity?.answer_status).not.toBe(0)
        if (String(fields.username).startsWith('nobody-')) expect(records?.signIn).toBeDefined()
      },
      { timeout: 60_000, interval: 50 },
    )
  }

  /** A record with what makes it the same: the device and the account are the request's own. */
  const sameRecord = (records: Record_ | undefined) => ({
    activity: records?.activity && { ...records.activity, client_id: 'the device named' },
    signIn: records?.signIn && { ...records.signIn, account: 'the name tried' },
  })

  describe.each(ENDPOINT_PATHS)('%s', (endpoint: Endpoint) => {
    const row: EndpointRow = ENDPOINTS[endpoint]
    const callers = callersOf(row)
    const sessionTokens = () =>
      takesSession(row) ? Object.values(row.caller === 'admin' ? ended.admin : ended.user) : []

    test('each spelling of a POST is refused before the service, or gets the plain request’s role decision, record and session check', async () => {
      const checked: {
        name: string
        what: string
        fields: Fields
        plain: Fields
        refused: boolean
      }[] = []
      const plainPost = (fields: Fields) =>
        send({ method: 'POST', target: `/api/mdm/v2/${endpoint}`, body: JSON.stringify(fields) })
      // The role decision: each kind of caller, each spelling, against its plain request.
      await Promise.all(
        callers.map(async (caller) => {
          const plainFields = fieldsOf(endpoint, caller, tokens)
          const plain = await plainPost(plainFields)
          const count = postVariants(endpoint, plainFields, port).length
          await inBatches(count, BATCH, async (index) => {
            const fields = fieldsOf(endpoint, caller, tokens)
            const variant = postVariants(endpoint, fields, port)[index]!
            const answer = await send(variant.sent)
            const what = `${variant.name} (${caller}): ${describeSent(variant.sent)}`
            const refused = isRefusal(answer)
            if (!SAME_REQUEST.has(variant.name)) expect(refused, `${what} is refused`).toBe(true)
            if (!refused) expect(decision(answer), what).toEqual(decision(plain))
            checked.push({ name: variant.name, what, fields, plain: plainFields, refused })
          })
        }),
      )
      // The session check: a token signed out, or of a session ended elsewhere, is refused alike
      // under each spelling the portal takes (the others are refused before any token is read).
      const taken = new Set(checked.filter((check) => !check.refused).map((check) => check.name))
      const caller = row.caller === 'admin' ? 'admin' : 'anna'
      await Promise.all(
        sessionTokens().map(async (token) => {
          const plain = await plainPost({ ...fieldsOf(endpoint, caller, tokens), token })
          expect(plain.status, 'an ended session').toBe(401)
          const spellings = postVariants(
            endpoint,
            { ...fieldsOf(endpoint, caller, tokens), token },
            port,
          )
          await inBatches(spellings.length, BATCH, async (index) => {
            if (!taken.has(spellings[index]!.name)) return
            const fields = { ...fieldsOf(endpoint, caller, tokens), token }
            const variant = postVariants(endpoint, fields, port)[index]!
            const answer = await send(variant.sent)
            const what = `${variant.name}, an ended session: ${describeSent(variant.sent)}`
            expect(decision(answer), what).toEqual(decision(plain))
          })
        }),
      )
      // The record: what the plain request left, or nothing sent when refused.
      await recordsSettled(endpoint, callers.at(-1)!)
      const left = await recordsOf(checked.map((check) => check.fields))
      const plainLeft = await recordsOf(checked.map((check) => check.plain))
      for (const [index, { what, refused }] of checked.entries()) {
        const records = left[index]
        if (refused) {
          expect(records?.activity?.outcome ?? 'none', `the record of ${what}`).not.toBe('sent')
          expect(records?.signIn?.succeeded ?? false, `the record of ${what}`).toBe(false)
        } else {
          expect(sameRecord(records), `the record of ${what}`).toEqual(sameRecord(plainLeft[index]))
        }
      }
      // The walk took some spellings as the plain request and refused others.
      expect(checked.some((check) => check.refused)).toBe(true)
      expect(checked.some((check) => !check.refused)).toBe(true)
    })

    if (row.limit !== null) {
      test('each spelling of a POST counts against the limit exactly as the plain request, or not at all when refused', async () => {
        const caller = 'unknown'
        const plainPost = (fields: Fields, address: string) =>
          send(
            { method: 'POST', target: `/api/mdm/v2/${endpoint}`, body: JSON.stringify(fields) },
            address,
          )
        // The limit lets one request of an account through a minute: the plain one, then 429.
        let fields = fieldsOf(endpoint, caller, tokens)
        let address = nextAddress()
        const first = decision(await plainPost(fields, address))
        const next = decision(await plainPost(fields, address))
        expect(next.status).toBe(429)
        expect(first.status).not.toBe(429)
        fields = fieldsOf(endpoint, caller, tokens)
        address = nextAddress()
        // Refused spellings are sent one after the other for one account: none may count. One
        // the portal takes counts once, as the plain request does, and the next one is refused.
        let refusedSince: string[] = []
        const count = postVariants(endpoint, fields, port).length
        for (let index = 0; index < count; index++) {
          const variant = postVariants(endpoint, fields, port)[index]!
          const answer = await send(variant.sent, address)
          const what = `${variant.name}: ${describeSent(variant.sent)}, after ${refusedSince.join(', ') || 'nothing'}`
          if (!SAME_REQUEST.has(variant.name))
            expect(isRefusal(answer), `${what} is refused`).toBe(true)
          if (isRefusal(answer)) {
            refusedSince.push(variant.name)
            continue
          }
          expect(decision(answer), what).toEqual(first)
          expect(
            decision(await plainPost(fields, address)),
            `the plain request after ${what}`,
          ).toEqual(next)
          fields = fieldsOf(endpoint, caller, tokens)
          address = nextAddress()
          refusedSince = []
        }
        expect(
          decision(await plainPost(fields, address)),
          `after ${refusedSince.join(', ')}`,
        ).toEqual(first)
      })
    }

    if (row.methods.includes('GET' as never)) {
      test('each spelling of the GET form is refused before the service, or answers the plain GET’s bytes and session check', async () => {
        for (const caller of callers) {
          const fields = fieldsOf(endpoint, caller, tokens)
          const target = `/api/mdm/v2/${endpoint}?json=${encodeJson(fields)}`
          const plain = await send({ method: 'GET', target })
          // A profile is made for each download: its bytes differ, its kind does not.
          const again = await send({ method: 'GET', target })
          const bytes = (answer: Answer) => (again.text === plain.text ? answer.text : answer.type)
          const variants = getVariants(endpoint, fields, port)
          await inBatches(variants.length, BATCH, async (index) => {
            const variant = variants[index]!
            const answer = await send(variant.sent)
            const what = `${variant.name} (${caller}): ${describeSent(variant.sent)}`
            if (!SAME_REQUEST.has(variant.name))
              expect(isRefusal(answer), `${what} is refused`).toBe(true)
            if (isRefusal(answer)) return
            expect(decision(answer), what).toEqual(decision(plain))
            if (variant.sent.method !== 'HEAD') expect(bytes(answer), what).toBe(bytes(plain))
          })
        }
        for (const token of sessionTokens()) {
          const fields = { ...fieldsOf(endpoint, 'anna', tokens), token }
          const plain = await send({
            method: 'GET',
            target: `/api/mdm/v2/${endpoint}?json=${encodeJson(fields)}`,
          })
          expect(plain.status, 'an ended session').toBe(401)
          const variants = getVariants(endpoint, fields, port)
          await inBatches(variants.length, BATCH, async (index) => {
            const variant = variants[index]!
            const answer = await send(variant.sent)
            if (isRefusal(answer)) return
            expect(
              decision(answer),
              `${variant.name}, an ended session: ${variant.sent.target}`,
            ).toEqual(decision(plain))
          })
        }
      })
    }
  })
})
