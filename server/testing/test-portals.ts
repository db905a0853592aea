import type { FastifyInstance } from 'fastify'
import { afterAll, expect } from 'vitest'
import { buildServer } from '../app.ts'
import { makeDist, testConfig } from './test-support.ts'

/**
 * The portals a test file builds, on a built portal of its own, all closed after the file's
 * tests. A file calls it once, at its top, and gets its own: the test files a worker runs share
 * this module (`isolate: false`), so nothing is made before the call. What the file closes itself
 * after its portals (the service they proxy to) it registers before the call: Vitest runs the
 * last registered `afterAll` first.
 */
export function testPortals() {
  const dist = makeDist()
  const portals: FastifyInstance[] = []
  afterAll(async () => {
    await Promise.all(portals.map((portal) => portal.close()))
    dist.remove()
  })
  return {
    /** A portal with `env` over the tests' settings. */
    async portal(env: Record<string, string> = {}) {
      const app = await buildServer(testConfig(dist.dir, env))
      portals.push(app)
      return app
    },
  }
}

/** Asks `app` for a one-time link to the enrollment profile, as the enrollment page does. */
export async function makeLink(
  app: FastifyInstance,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/portal/links',
    headers,
    payload: { path: 'user/mdmprofile', body },
  })
  expect(response.statusCode, response.body).toBe(200)
  return { url: (response.json() as { url: string }).url, headers: response.headers }
}
