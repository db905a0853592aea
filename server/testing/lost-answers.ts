import type { FastifyInstance } from 'fastify'
import { once } from 'node:events'
import { expect, vi } from 'vitest'
import { buildServer } from '../app.ts'
import { startLenientService, type LenientAnswers, type LenientService } from './lenient-service.ts'
import { fileResources, recordsReachable, testConfig } from './test-support.ts'

/** The portal's own wait for the service in these tests, short: MDM_API_TIMEOUT_MS. */
export const SERVICE_TIMEOUT_MS = 400

/** Per portal a test holds: how many of its answers have not passed the records' hook yet. */
const unrecorded = new WeakMap<FastifyInstance, { answers: number }>()

/**
 * Until the portal has recorded what it answered: the records' hook has run for every answer
 * it sent (it may ask the service first), and the store has written what they queued.
 */
export async function settle(app: FastifyInstance) {
  await vi.waitFor(
    async () => {
      expect(unrecorded.get(app)?.answers).toBe(0)
      expect((await app.inject({ url: '/healthz' })).json().recordsQueued).toBe(0)
    },
    { timeout: 30_000, interval: 50 },
  )
}

/** The portal as seen from one test world of the reference API: every request carries it. */
function inWorld(app: FastifyInstance, world: string): FastifyInstance {
  return new Proxy(app, {
    get(target, name, receiver) {
      if (name !== 'inject') return Reflect.get(target, name, receiver)
      return (options: { headers?: Record<string, string> }) =>
        target.inject({ ...options, headers: { ...options.headers, 'x-mdm-world': world } })
    },
  })
}

/**
 * Portals with records in front of a service that answers as a test says (lenient-service.ts),
 * waiting SERVICE_TIMEOUT_MS for it: the tests of what the records say of an answer that never
 * came. The tests of a file share one portal and its service, each in a world of its own of
 * the reference API (its records are its own too), unless it needs a portal of its own.
 * Everything they start is stopped and removed after the file.
 */
export function lostAnswerPortals() {
  const { dist, folder, keep } = fileResources()
  /** The shared service's answers: the test's own, replaced by each test. */
  const answers: LenientAnswers = {}
  let shared: ReturnType<typeof start> | undefined
  let worlds = 0

  async function start(
    serviceAnswers: LenientAnswers,
    timeoutMs: number,
    prepare?: (app: FastifyInstance) => void,
  ) {
    const service = keep(await startLenientService({ testMode: true }, serviceAnswers))
    const app = keep(
      await buildServer(
        testConfig(dist.dir, {
          PORTAL_RECORDS: '1',
          PORTAL_DATA_DIR: folder('portal-lost-answers-'),
          MDM_API_URL: service.url,
          MDM_API_TIMEOUT_MS: String(timeoutMs),
          MDM_TEST_MODE: '1',
        }),
      ),
    )
    prepare?.(app)
    // After the records' own hooks: an answer counts from its sending until they are done.
    const count = { answers: 0 }
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.url !== '/healthz') count.answers += 1
      return payload
    })
    app.addHook('onResponse', async (request) => {
      if (request.url !== '/healthz') count.answers -= 1
    })
    await recordsReachable(app, { timeout: 30_000, interval: 200 })
    return { app, service, count }
  }

  /**
   * `answers`: the service's own answers to some paths. `timeoutMs`: the portal's wait for the
   * service, SERVICE_TIMEOUT_MS unless a test needs more. `prepare`: runs on the portal before
   * it is ready (a hook of the test's own). Either gives the test a portal of its own.
   */
  async function portal(
    testAnswers: LenientAnswers = {},
    timeoutMs = SERVICE_TIMEOUT_MS,
    prepare?: (app: FastifyInstance) => void,
  ): Promise<{ app: FastifyInstance; service: LenientService }> {
    let started: Awaited<ReturnType<typeof start>>
    if (timeoutMs === SERVICE_TIMEOUT_MS && !prepare) {
      shared ??= start(answers, timeoutMs)
      started = await shared
      for (const path of Object.keys(answers)) delete answers[path]
      Object.assign(answers, testAnswers)
    } else {
      started = await start(testAnswers, timeoutMs, prepare)
    }
    worlds += 1
    const app = inWorld(started.app, `lost-answers-${worlds}`)
    unrecorded.set(app, started.count)
    return { app, service: started.service }
  }

  /**
   * The service's answer to `path` that does what was asked (its reference API, in the request's
   * world), then comes only once the portal has stopped waiting for it and closed the request:
   * taken by the service, never heard of by the portal.
   */
  const takenThenLate =
    (path: string): LenientAnswers[string] =>
    async (request, reply, api) => {
      const closed = once(reply.raw, 'close')
      const world = request.headers['x-mdm-world']
      const done = await api.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/json',
          ...(typeof world === 'string' ? { 'x-mdm-world': world } : {}),
        },
        payload: Buffer.isBuffer(request.body) ? request.body : '',
      })
      await closed
      return reply.code(done.statusCode).type('application/json').send(done.rawPayload)
    }
  return { portal, takenThenLate }
}

export const post = (app: FastifyInstance, path: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: path.startsWith('/') ? path : `/api/mdm/v2/${path}`,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  })

export async function signIn(app: FastifyInstance, fields: object): Promise<string> {
  const answer = await post(app, 'user/login', { type: 'basic', ...fields })
  const token: unknown = answer.json().token
  if (typeof token !== 'string') throw new Error(answer.body)
  return token
}
