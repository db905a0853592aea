import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../../app.ts'
import { DEMO } from '../../mdm/test-client.ts'
import { startLenientService, type LenientService } from '../../testing/lenient-service.ts'
import { makeDist, recordsReachable, testConfig } from '../../testing/test-support.ts'
import { changeAnswerWaitMs } from './activity.ts'

/**
 * What the records say of an invitation or deletion of a user, in front of the reference service:
 * one it took is done; one whose answer never reached the portal is waiting, then has no answer,
 * never "accepted" nor "refused"; and a read asks the service about each user it names once.
 */
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
afterEach(() => {
  vi.useRealTimers()
})

/** The portal's own wait for the service, short here: MDM_API_TIMEOUT_MS. */
const SERVICE_TIMEOUT_MS = 400

async function portal(answers: Parameters<typeof startLenientService>[1] = {}) {
  const service = await startLenientService({}, answers)
  services.push(service)
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-user-changes-'))
  folders.push(dataDir)
  const app = await buildServer(
    testConfig(dist.dir, {
      PORTAL_RECORDS: '1',
      PORTAL_DATA_DIR: dataDir,
      MDM_API_URL: service.url,
      MDM_API_TIMEOUT_MS: String(SERVICE_TIMEOUT_MS),
    }),
  )
  servers.push(app)
  await recordsReachable(app, { timeout: 30_000, interval: 200 })
  return { app, service }
}

const post = (app: FastifyInstance, path: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: path.startsWith('/') ? path : `/api/mdm/v2/${path}`,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  })

async function signIn(app: FastifyInstance, fields: object): Promise<string> {
  const answer = await post(app, 'user/login', { type: 'basic', ...fields })
  const token: unknown = answer.json().token
  if (typeof token !== 'string') throw new Error(answer.body)
  return token
}

interface Row {
  action: string
  outcome: string
  details: Record<string, string>
  answerCode: string | null
}

async function activity(app: FastifyInstance, token: string) {
  const answer = await post(app, '/api/portal/records/activity', { token })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json().data as Row[]
}

const HELPDESK = {
  usertype: 'admin',
  username: 'helpdesk@example.com',
  password: 'Helpdesk-Demo-1',
}
const AUDITOR = { usertype: 'admin', username: 'auditor@example.com', password: 'Auditor-Demo-1' }

describe('an invitation or deletion whose answer never came', { timeout: 90_000 }, () => {
  test('is waiting, then has no answer: never taken, never refused', async () => {
    // The service deletes the user, and answers only after the portal stopped waiting for it.
    const { app } = await portal({
      '/api/mdm/v2/user/delete': async (request, reply) => {
        const { api } = services.at(-1)!
        const done = await api.inject({
          method: 'POST',
          url: '/api/mdm/v2/user/delete',
          headers: { 'content-type': 'application/json' },
          payload: Buffer.isBuffer(request.body) ? request.body : '',
        })
        await new Promise((resolve) => setTimeout(resolve, SERVICE_TIMEOUT_MS * 4))
        return reply.code(done.statusCode).type('application/json').send(done.rawPayload)
      },
    })
    const admin = await signIn(app, DEMO.admin)
    const invited = await post(app, 'user/create', {
      token: admin,
      email: 'noor@example.com',
      firstname: 'Noor',
      lastname: 'Haddad',
    })
    expect(invited.json().success, invited.body).toBe(true)
    const sid = invited.json().data.sid as string
    const deletion = await post(app, 'user/delete', { token: admin, sid })
    // The portal's own answer in the service's stead: it does not know what the service did.
    expect(deletion.statusCode, deletion.body).toBe(504)

    const outcomes = async () => {
      const rows = await activity(app, admin)
      return Object.fromEntries(rows.map((row) => [row.action, row]))
    }
    // Past the service's late answer, and the portal's recording of what it answered itself.
    await new Promise((resolve) => setTimeout(resolve, SERVICE_TIMEOUT_MS * 4 + 1_500))
    // The invitation the service took is done; the deletion is still awaited, not "refused".
    let rows = await outcomes()
    expect(rows.userInvite?.outcome).toBe('done')
    expect(rows.userDelete?.outcome).toBe('sent')
    expect(rows.userDelete?.details).toEqual({ sid })
    expect(rows.userDelete?.answerCode).toBeNull()

    // Well past the portal's wait for the service, it has no answer: not "accepted" for ever.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + changeAnswerWaitMs(SERVICE_TIMEOUT_MS) + 1_000)
    rows = await outcomes()
    expect(rows.userDelete?.outcome).toBe('noAnswer')
    expect(rows.userInvite?.outcome).toBe('done')
  })
})

describe('a read of the records asks the service about each user once', { timeout: 90_000 }, () => {
  test('ten records naming one user: one user/info per viewer, a second read asks none', async () => {
    const { app, service } = await portal()
    const helpdesk = await signIn(app, HELPDESK)
    // Ten invitations the service refuses (the address is taken): each names no user, and is
    // kept with a user of the sender's tenant, the same one each time.
    for (let sent = 0; sent < 10; sent++) {
      const refused = await post(app, 'user/create', {
        token: helpdesk,
        email: 'anna@example.com',
        firstname: 'Anna',
        lastname: `Again ${sent}`,
      })
      expect(refused.json().success, refused.body).toBe(false)
    }
    // The sender's own records are the sender's to see without asking the service.
    await vi.waitFor(async () => expect(await activity(app, helpdesk)).toHaveLength(10), {
      timeout: 10_000,
    })
    const admin = await signIn(app, DEMO.admin)
    const userInfos = () =>
      service.seen.filter((request) => request.url.endsWith('/user/info')).length
    let before = userInfos()
    expect(await activity(app, admin)).toHaveLength(10)
    expect(userInfos() - before).toBe(1)

    // Read again at once (the users page asks again while a change is awaited): the answer of a
    // moment ago stands.
    before = userInfos()
    expect(await activity(app, admin)).toHaveLength(10)
    expect(userInfos() - before).toBe(0)

    // Another viewer is asked about on their own: never with the first viewer's answer.
    const auditor = await signIn(app, AUDITOR)
    before = userInfos()
    expect(await activity(app, auditor)).toHaveLength(10)
    expect(userInfos() - before).toBe(1)
  })
})
