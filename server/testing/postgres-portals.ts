import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildServer } from '../app.ts'
import { startPostgres, type RunningPostgres } from './postgres-server.ts'
import { makeDist, recordsReachable, testConfig } from './test-support.ts'

/**
 * The set-up of the tests that run portals keeping records on a real PostgreSQL: the server starts
 * before the file's tests and is removed after them, once every portal the file made is closed.
 * A file calls it once, at its top, and gets its own: the test files a worker runs share this
 * module (`isolate: false`), so nothing is made before the call. What the file closes itself
 * after these (a fake service, a data folder) it registers before the call: Vitest runs the last
 * registered `afterAll` first.
 */
export function postgresAndPortals() {
  const dist = makeDist()
  const portals: FastifyInstance[] = []
  let running: RunningPostgres | undefined
  beforeAll(async () => {
    running = await startPostgres()
  }, 60_000)
  afterAll(async () => {
    await Promise.all(portals.map((portal) => portal.close()))
    await running?.remove()
    dist.remove()
  })
  return {
    get postgres(): RunningPostgres {
      if (!running) throw new Error('PostgreSQL starts in beforeAll: ask for it in a test or hook')
      return running
    },
    /** A portal that keeps records (where `env` says), once its records answer. */
    async portal(env: Record<string, string>) {
      const app = await buildServer(testConfig(dist.dir, { PORTAL_RECORDS: '1', ...env }))
      portals.push(app)
      // PGlite and PostgreSQL take a moment to open, more on a busy machine.
      await recordsReachable(app, { timeout: 30_000, interval: 200 })
      return app
    },
  }
}
