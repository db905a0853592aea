import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test, vi } from 'vitest'
import { buildServer } from '../app.ts'
import {
  makeDist,
  recordsReachable,
  startFakeService,
  testConfig,
} from '../testing/test-support.ts'

/**
 * The help desk's records are guarded by the role as the service's endpoints are: an
 * administrator the operator took out of the roles file reads no more activity, nor its CSV.
 */
const dist = makeDist()
const folder = mkdtempSync(join(tmpdir(), 'portal-records-role-'))
const ok = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
const service = await startFakeService({
  '/api/mdm/v2/user/login': (request) => {
    const { username } = JSON.parse(String(request.body))
    return { ...ok, token: `token-of-${username}` }
  },
  '/api/mdm/v2/user/info': (request) => {
    const { token } = JSON.parse(String(request.body))
    return { ...ok, userinfo: { sid: 'S-1', email: String(token).replace(/^token-of-/, '') } }
  },
})
afterAll(async () => {
  await service.close()
  dist.remove()
  rmSync(folder, { recursive: true, force: true })
})

async function portal(roles: string) {
  const file = join(folder, `roles-${Math.random()}.yaml`)
  writeFileSync(file, `accounts:\n${roles}`)
  const app = await buildServer(
    testConfig(dist.dir, {
      MDM_API_URL: service.url,
      HELPDESK_ROLES_FILE: file,
      PORTAL_RECORDS: '1',
      PORTAL_DATA_DIR: join(folder, 'data'),
    }),
  )
  await recordsReachable(app, { timeout: 90_000, interval: 200 })
  return app
}

test(
  'an administrator removed from the roles file reads no more activity',
  { timeout: 240_000 },
  async () => {
    const post = (app: Awaited<ReturnType<typeof portal>>, url: string, payload: object) =>
      app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en' } })
    const before = await portal('  kim@example.com: auditor\n  boss@example.com: admin\n')
    const login = { type: 'basic', usertype: 'admin', username: 'kim@example.com', password: 'x' }
    const token = (await post(before, '/api/mdm/v2/user/login', login)).json().token as string
    await vi.waitFor(
      async () =>
        expect((await post(before, '/api/portal/records/activity', { token })).statusCode).toBe(
          200,
        ),
      { timeout: 20_000 },
    )
    await before.close()

    const after = await portal('  boss@example.com: admin\n')
    for (const path of ['/api/portal/records/activity', '/api/portal/records/activity.csv']) {
      const answer = await post(after, path, { token })
      expect(answer.statusCode, path).toBe(403)
      expect(answer.json(), path).toMatchObject({ success: false, errorcode: '01900007' })
    }
    await after.close()
  },
)
