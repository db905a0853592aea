import { afterAll, beforeAll } from 'vitest'
import { startPostgres, type RunningPostgres } from './postgres-server.ts'
import { recordsReachable } from './test-support.ts'
import { testPortals } from './test-portals.ts'

/**
 * The set-up of the tests that run portals keeping records on a real PostgreSQL: the server starts
 * before the file's tests and is removed after them, once every portal the file made is closed.
 * Called once at the file's top, as `testPortals`, with what the file closes itself registered
 * before the call.
 */
export function postgresAndPortals() {
  let running: RunningPostgres | undefined
  beforeAll(async () => {
    running = await startPostgres()
  }, 60_000)
  // Registered before the portals' own: runs once they are closed.
  afterAll(() => running?.remove())
  const portals = testPortals()
  return {
    get postgres(): RunningPostgres {
      if (!running) throw new Error('PostgreSQL starts in beforeAll: ask for it in a test or hook')
      return running
    },
    /** A portal that keeps records (where `env` says), once its records answer. */
    async portal(env: Record<string, string>) {
      const app = await portals.portal({ PORTAL_RECORDS: '1', ...env })
      // PGlite and PostgreSQL take a moment to open, more on a busy machine.
      await recordsReachable(app, { timeout: 30_000, interval: 200 })
      return app
    },
  }
}
