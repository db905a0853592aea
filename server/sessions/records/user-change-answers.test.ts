import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { DEMO } from '../../mdm/test-client.ts'
import {
  lostAnswerPortals,
  post,
  SERVICE_TIMEOUT_MS,
  settle,
  signIn,
} from '../../testing/lost-answers.ts'
import { changeAnswerWaitMs } from './activity.ts'

/**
 * What the records say of an invitation or deletion of a user, in front of the reference service:
 * one it took is done; one whose answer never reached the portal is waiting, then has no answer,
 * never "accepted" nor "refused"; and a read asks the service about each user it names once.
 */
const { portal, takenThenLate } = lostAnswerPortals()
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
      '/api/mdm/v2/user/delete': takenThenLate('/api/mdm/v2/user/delete'),
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
    // Once the portal has recorded what it answered, in the service's stead too.
    await settle(app)
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

describe('refused changes ask the service for its users once', { timeout: 90_000 }, () => {
  test('ten refusals in a row: one user/list per session, another session asks on its own', async () => {
    const { app, service } = await portal()
    const helpdesk = await signIn(app, HELPDESK)
    const userLists = () =>
      service.seen.filter((request) => request.url.endsWith('/user/list')).length
    let before = userLists()
    // Invitations the service refuses (the address is taken), and deletions of a user it does
    // not know: each names no user, and is kept with the same user of the sender's tenant.
    for (let sent = 0; sent < 10; sent++) {
      const refused =
        sent % 2 === 0
          ? await post(app, 'user/create', {
              token: helpdesk,
              email: 'anna@example.com',
              firstname: 'Anna',
              lastname: `Again ${sent}`,
            })
          : await post(app, 'user/delete', { token: helpdesk, sid: `no-such-user-${sent}` })
      expect(refused.json().success, refused.body).toBe(false)
    }
    const auditor = await signIn(app, AUDITOR)
    // Each is kept where the tenant's other help desks see it.
    await vi.waitFor(async () => expect(await activity(app, auditor)).toHaveLength(10), {
      timeout: 10_000,
    })
    expect(userLists() - before).toBe(1)

    // Another session's refusal is filed with what the service lists for that session.
    before = userLists()
    const admin = await signIn(app, DEMO.admin)
    const again = await post(app, 'user/create', { token: admin, email: 'anna@example.com' })
    expect(again.json().success, again.body).toBe(false)
    await vi.waitFor(async () => expect(await activity(app, auditor)).toHaveLength(11), {
      timeout: 10_000,
    })
    expect(userLists() - before).toBe(1)
  })

  test('the user refusals are kept with, once deleted, is not used for the next', async () => {
    const { app } = await portal()
    const helpdesk = await signIn(app, HELPDESK)
    const auditor = await signIn(app, AUDITOR)
    const refuse = async () => {
      const refused = await post(app, 'user/delete', { token: helpdesk, sid: 'no-such-user' })
      expect(refused.json().success, refused.body).toBe(false)
    }
    const refusals = async () =>
      (await activity(app, auditor)).filter((row) => row.outcome === 'refused')
    await refuse()
    await vi.waitFor(async () => expect(await refusals()).toHaveLength(1), { timeout: 10_000 })
    // The first user the service lists, the one the refusal is kept with, is deleted…
    const listed = await post(app, 'user/list', { token: helpdesk })
    const first = (listed.json().data as { sid: string }[])[0]!.sid
    const deleted = await post(app, 'user/delete', { token: helpdesk, sid: first })
    expect(deleted.json().success, deleted.body).toBe(true)
    // …and the next refusal is kept with another: the tenant's help desk sees both, asking the
    // service anew (a reader's answers of a moment ago would stand: viewer-checks.ts).
    await refuse()
    const reader = await signIn(app, DEMO.admin)
    await vi.waitFor(
      async () =>
        expect(
          (await activity(app, reader)).filter((row) => row.outcome === 'refused'),
        ).toHaveLength(2),
      { timeout: 10_000 },
    )
  })
})
