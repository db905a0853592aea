import type { FastifyInstance } from 'fastify'
import { buildServer } from '../app.ts'
import { startLenientService, type LenientAnswers, type LenientService } from './lenient-service.ts'
import { fileResources, recordsReachable, testConfig } from './test-support.ts'

/** The portal's own wait for the service in these tests, short: MDM_API_TIMEOUT_MS. */
export const SERVICE_TIMEOUT_MS = 400

/** Past the portal's recording of what it answered itself, and a late answer of the service's. */
export const settle = () =>
  new Promise((resolve) => setTimeout(resolve, SERVICE_TIMEOUT_MS * 4 + 1_500))

/**
 * Portals with records in front of a service that answers as a test says (lenient-service.ts),
 * waiting SERVICE_TIMEOUT_MS for it: the tests of what the records say of an answer that never
 * came. Everything they start is stopped and removed after the file.
 */
export function lostAnswerPortals() {
  const { dist, folder, keep } = fileResources()
  const services: LenientService[] = []
  /**
   * `timeoutMs`: the portal's wait for the service, SERVICE_TIMEOUT_MS unless a test needs more.
   * `prepare`: runs on the portal before it is ready (a hook of the test's own).
   */
  async function portal(
    answers: Parameters<typeof startLenientService>[1] = {},
    timeoutMs = SERVICE_TIMEOUT_MS,
    prepare?: (app: FastifyInstance) => void,
  ) {
    const service = keep(await startLenientService({}, answers))
    services.push(service)
    const dataDir = folder('portal-lost-answers-')
    const app = keep(
      await buildServer(
        testConfig(dist.dir, {
          PORTAL_RECORDS: '1',
          PORTAL_DATA_DIR: dataDir,
          MDM_API_URL: service.url,
          MDM_API_TIMEOUT_MS: String(timeoutMs),
        }),
      ),
    )
    prepare?.(app)
    await recordsReachable(app, { timeout: 30_000, interval: 200 })
    return { app, service }
  }
  /** The service started last: its answers can ask its own reference API. */
  const lastService = () => services.at(-1)!
  /**
   * The service's answer to `path` that does what was asked (its reference API), then comes only
   * after the portal stopped waiting for it: taken by the service, never heard of by the portal.
   */
  const takenThenLate =
    (path: string): LenientAnswers[string] =>
    async (request, reply) => {
      const done = await lastService().api.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: Buffer.isBuffer(request.body) ? request.body : '',
      })
      await new Promise((resolve) => setTimeout(resolve, SERVICE_TIMEOUT_MS * 4))
      return reply.code(done.statusCode).type('application/json').send(done.rawPayload)
    }
  return { portal, lastService, takenThenLate }
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
