import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, expect, test, vi } from 'vitest'
import { buildServer } from '../../app.ts'
import { makeDist, recordsReachable, testConfig } from '../../testing/test-support.ts'

/**
 * "Where you are signed in" lists only sessions that can still be used. A window closed without
 * signing out leaves a session whose token runs out by itself: once its newest token is past
 * the service's lifetime (here five seconds), the account page shows it as ended, with no
 * "Sign out there", instead of as one more identical place to sign out of.
 */
const dist = makeDist()
const dataDir = mkdtempSync(join(tmpdir(), 'portal-ended-sessions-'))
let app: FastifyInstance | undefined
afterEach(() => {
  vi.useRealTimers()
})
afterAll(async () => {
  await app?.close()
  dist.remove()
  rmSync(dataDir, { recursive: true, force: true })
})

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36'
const ANNA = { usertype: 'user', username: 'anna@example.com', password: 'Demo-Pass-1' }

async function post(server: FastifyInstance, url: string, payload: object) {
  return server.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'user-agent': CHROME },
  })
}

async function signIn(server: FastifyInstance): Promise<string> {
  const answer = await post(server, '/api/mdm/v2/user/login', { type: 'basic', ...ANNA })
  const token: unknown = answer.json().token
  if (typeof token !== 'string') throw new Error(answer.body)
  return token
}

test(
  'a session whose token ran out is listed as ended, not as a place to sign out of',
  { timeout: 60_000 },
  async () => {
    app = await buildServer(
      testConfig(dist.dir, {
        PORTAL_RECORDS: '1',
        PORTAL_DATA_DIR: dataDir,
        MDM_TOKEN_LIFETIME_MS: '5000',
        MDM_RENEWAL_WINDOW_MS: '1000',
      }),
    )
    await recordsReachable(app, { timeout: 30_000, interval: 200 })
    const server = app
    const first = await signIn(server)
    // The first window is closed without signing out: its token runs out by itself, once the
    // clock of the portal and of the service behind it is past its lifetime.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 5_000 + 1_000)
    const expired = await post(server, '/api/mdm/v2/user/info', { token: first })
    expect(expired.statusCode).toBe(401)
    // This window's token is new: the account page still takes it.
    const current = await signIn(server)
    const account = async () => {
      const answer = await post(server, '/api/portal/records/account', { token: current })
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().data as {
        sessions: { current: boolean }[]
        endedSessions: { browser: string; endedAt: string }[]
        endedSessionsCount: number
      }
    }
    await vi.waitFor(
      async () => {
        const data = await account()
        expect(data.sessions).toEqual([expect.objectContaining({ current: true })])
        expect(data.endedSessions).toEqual([
          expect.objectContaining({ browser: 'Chrome 150', endedAt: expect.any(String) }),
        ])
        expect(data.endedSessionsCount).toBe(1)
      },
      { timeout: 20_000, interval: 200 },
    )
  },
)
