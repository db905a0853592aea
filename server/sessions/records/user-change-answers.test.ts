import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { DEMO } from '../../mdm/test-client.ts'
import { lostAnswerPortals, post, SERVICE_TIMEOUT_MS, signIn } from '../../testing/lost-answers.ts'
import { changeAnswerWaitMs } from './activity.ts'

/**
 * What the records say of an invitation or deletion of a user, in front of the reference service:
 * one it took is done; one whose answer never reached the portal is waiting, then has no answer,
 * never "accepted" nor "refused"; and a read asks the service about each user it names once.
 */
const { portal, lastService } = lostAnswerPortals()
afterEach(() => {
  vi.useRealTimers()
})

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
        const { api } = lastService()
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
