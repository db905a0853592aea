import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { buildServer } from '../app.ts'
import { startLenientService, type LenientService } from './lenient-service.ts'
import { makeDist, recordsReachable, testConfig } from './test-support.ts'

/** The portal's own wait for the service in these tests, short: MDM_API_TIMEOUT_MS. */
export const SERVICE_TIMEOUT_MS = 400

/**
 * Portals with records in front of a service that answers as a test says (lenient-service.ts),
 * waiting SERVICE_TIMEOUT_MS for it: the tests of what the records say of an answer that never
 * came. Everything they start is stopped and removed after the file.
 */
export function lostAnswerPortals() {
  const dist = makeDist()
  const folders: string[] = []
  const servers: FastifyInstance[] = []
  const services: LenientService[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
    await Promise.all(services.map((service) => service.close()))
    dist.remove()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })
  /** `timeoutMs`: the portal's wait for the service, SERVICE_TIMEOUT_MS unless a test needs more. */
  async function portal(
    answers: Parameters<typeof startLenientService>[1] = {},
    timeoutMs = SERVICE_TIMEOUT_MS,
  ) {
    const service = await startLenientService({}, answers)
    services.push(service)
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-lost-answers-'))
    folders.push(dataDir)
    const app = await buildServer(
      testConfig(dist.dir, {
        PORTAL_RECORDS: '1',
        PORTAL_DATA_DIR: dataDir,
        MDM_API_URL: service.url,
        MDM_API_TIMEOUT_MS: String(timeoutMs),
      }),
    )
    servers.push(app)
    await recordsReachable(app, { timeout: 30_000, interval: 200 })
    return { app, service }
  }
  /** The service started last: its answers can ask its own reference API. */
  const lastService = () => services.at(-1)!
  return { portal, lastService }
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
