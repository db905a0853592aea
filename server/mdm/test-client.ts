import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import { ERROR_CODES, type ErrorCodeName } from '../../contract/error-codes.ts'
import {
  appListResultSchema,
  deviceInfoResultSchema,
  deviceListResultSchema,
} from '../../contract/schemas.ts'
import { referenceApi, type ReferenceApiOptions } from './plugin.ts'

export { DEVICE_IDS } from './demo/demo-ids.ts'

/** Helpers of the reference API's tests: every test talks HTTP (inject) to a world of its own. */

export const PORTAL_URL = 'http://portal.test'

export const DEMO = {
  anna: { usertype: 'user', username: 'anna@example.com', password: 'Demo-Pass-1' },
  ben: { usertype: 'user', username: 'ben@example.com', password: 'Demo-Pass-2' },
  lena: { usertype: 'user', username: 'lena@lab.example.com', password: 'Lab-Demo-1' },
  admin: { usertype: 'admin', username: 'admin@example.com', password: 'Admin-Demo-1' },
  ops: { usertype: 'admin', username: 'ops@example.com', password: 'Ops-Demo-1', mtcid: 'demo' },
} as const
type DemoLogin = keyof typeof DEMO

/** Commands stay open until a test lets the devices answer (POST /__test/complete). */
export async function startApi(
  options: Partial<ReferenceApiOptions> = {},
): Promise<FastifyInstance> {
  // No deadline of Fastify's own (10 s) for the API to load: on a busy machine it takes longer,
  // and a start that hangs is caught by the test's timeout.
  const app = Fastify({ logger: false, pluginTimeout: 0 })
  await app.register(referenceApi, {
    portalUrl: PORTAL_URL,
    testMode: true,
    commandDelayMs: 60_000,
    ...options,
  })
  await app.ready()
  return app
}

/**
 * One server for a test file: started before its tests, closed after them. Each test takes a
 * world of its own from it.
 */
export function sharedApi(options: Partial<ReferenceApiOptions> = {}) {
  let app: FastifyInstance | undefined
  beforeAll(async () => {
    app = await startApi(options)
  })
  afterAll(() => app?.close())
  const server = (): FastifyInstance => {
    if (!app) throw new Error('the server starts before the tests')
    return app
  }
  const world = () => new TestWorld(server())
  /** A fresh world with a demo account signed in. */
  const signedIn = async (who: DemoLogin = 'anna') => {
    const fresh = world()
    return { world: fresh, token: await fresh.login(who) }
  }
  return { server, world, signedIn }
}

/** A server of a test's own (one that closes it), with a world and a demo account signed in. */
export async function ownServer(options: Partial<ReferenceApiOptions>, who: DemoLogin = 'anna') {
  const server = await startApi(options)
  const world = new TestWorld(server)
  const token = await world.login(who)
  return { server, world, token }
}

export interface Answer {
  status: number
  json: Record<string, unknown>
  text: string
  contentType: string
  headers: Record<string, unknown>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

interface OutboxMail {
  to: string
  subject: string
  text: string
  links: string[]
  sentAt: string
  kind: string
  language: string
}

/** A fresh world (x-mdm-world) on a shared server. */
export class TestWorld {
  readonly id = `test-${randomUUID()}`

  constructor(private readonly app: FastifyInstance) {}

  async inject(options: InjectOptions): Promise<Answer> {
    const response = await this.app.inject({
      ...options,
      headers: { 'x-mdm-world': this.id, ...options.headers },
    })
    const contentType = String(response.headers['content-type'] ?? '')
    let json: Record<string, unknown> = {}
    if (contentType.includes('json')) {
      const parsed: unknown = response.json()
      if (isRecord(parsed)) json = parsed
    }
    return {
      status: response.statusCode,
      json,
      text: response.body,
      contentType,
      headers: response.headers,
    }
  }

  /** POST /api/mdm/v2/<path> with a JSON body. */
  call(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Answer> {
    return this.inject({
      method: 'POST',
      url: `/api/mdm/v2/${path}`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    })
  }

  async login(who: DemoLogin): Promise<string> {
    const answer = await this.call('user/login', { type: 'basic', ...DEMO[who] })
    expectSuccess(answer)
    const token = answer.json.token
    if (typeof token !== 'string') throw new Error(`no token for ${who}`)
    return token
  }

  async control(
    action: 'reset' | 'settings' | 'clock' | 'complete' | 'large-demo',
    body: object = {},
  ) {
    const answer = await this.inject({ method: 'POST', url: `/__test/${action}`, payload: body })
    expect(answer.status).toBe(200)
    return answer.json
  }

  async outbox(): Promise<OutboxMail[]> {
    const answer = await this.inject({ method: 'GET', url: '/outbox.json' })
    const mails: unknown = JSON.parse(answer.text)
    if (!Array.isArray(mails)) throw new Error('the outbox is not a list')
    return mails.map((mail: unknown) => {
      if (!isRecord(mail)) throw new Error('a mail is not an object')
      const text = (key: string) => String(mail[key])
      const links = Array.isArray(mail.links) ? mail.links.map(String) : []
      return {
        to: text('to'),
        subject: text('subject'),
        text: text('text'),
        links,
        sentAt: text('sentAt'),
        kind: text('kind'),
        language: text('language'),
      }
    })
  }

  async devices(token: string, filter?: object) {
    const answer = await this.call('device/list', { token, filter })
    expectSuccess(answer)
    return deviceListResultSchema.parse(answer.json).data
  }

  async device(token: string, clientid: string) {
    const answer = await this.call('device/info', { token, clientid })
    expectSuccess(answer)
    return deviceInfoResultSchema.parse(answer.json).deviceinfo
  }

  async apps(token: string, clientid?: string) {
    const answer = await this.call('app/list', { token, clientid })
    expectSuccess(answer)
    return appListResultSchema.parse(answer.json).data
  }
}

/**
 * Signs a demo account in through any server that carries the API (the portal with the embedded
 * API, or the API alone) and answers its token: the set-up of the tests that need one.
 */
export async function signIn(
  server: FastifyInstance,
  who: DemoLogin = 'anna',
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await server.inject({
    method: 'POST',
    url: '/api/mdm/v2/user/login',
    payload: { type: 'basic', ...DEMO[who] },
    headers,
  })
  const token: unknown = response.json<{ token?: unknown }>().token
  if (typeof token !== 'string') throw new Error(`no token for ${who}: ${response.body}`)
  return token
}

/** The display names of a device list answer. */
export function deviceNames(answer: Answer): (string | null | undefined)[] {
  return deviceListResultSchema.parse(answer.json).data.map((device) => device.displayname)
}

export function expectSuccess(answer: Answer): void {
  expect(answer.json, answer.text).toMatchObject({
    success: true,
    errorcode: null,
    errormessage: null,
  })
  expect(answer.status).toBe(200)
  expect(answer.json).toHaveProperty('tokenstatus')
}

/** A failure with the catalog code, the HTTP status and a message; returns the message. */
export function expectFailure(answer: Answer, code: ErrorCodeName, status = 200): string {
  expect(answer.json, answer.text).toMatchObject({ success: false, errorcode: ERROR_CODES[code] })
  expect(answer.status).toBe(status)
  expect(answer.json).toHaveProperty('tokenstatus')
  const message = answer.json.errormessage
  if (typeof message !== 'string' || message === '') throw new Error('no errormessage')
  return message
}

export const DE = { 'accept-language': 'de' }
