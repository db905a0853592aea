import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ERROR_CODES, PORTAL_ERROR_CODES } from '../../../contract/error-codes.ts'
import { DEMO, DEVICE_IDS } from '../../mdm/test-client.ts'
import { lostAnswerPortals, post, settle, signIn } from '../../testing/lost-answers.ts'
import { changeAnswerWaitMs } from './activity.ts'

/**
 * What the records say of a device's command whose answer never reached the portal: the portal
 * answered in the service's stead (it did not answer in time, or could not be reached), so
 * nobody knows whether the service took it. Never "refused by the service", never waiting for
 * the device; a refusal the service itself answered stays one.
 */
const { portal, takenThenLate } = lostAnswerPortals()
afterEach(() => {
  vi.useRealTimers()
})
interface Row {
  action: string
  outcome: string
  clientId: string
  answerCode: string | null
  answerLost: boolean
}

async function history(app: FastifyInstance, token: string, clientid: string) {
  const answer = await post(app, '/api/portal/records/device', { token, clientid })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json().data.activity as Row[]
}

async function activity(app: FastifyInstance, token: string) {
  const answer = await post(app, '/api/portal/records/activity', { token })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json().data as Row[]
}

/** Anna's lock of her iPhone, then her locate of it. */
async function lockAndLocate(app: FastifyInstance, token: string) {
  const send = (path: string) => post(app, path, { token, clientid: DEVICE_IDS.annaIphone })
  return { lock: await send('device/lockscreen'), locate: await send('device/requestlocation') }
}

/** The help desk's CSV line of the record answered with `code`, in `language`. */
async function csvLine(app: FastifyInstance, admin: string, language: string, code: string) {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/portal/records/activity.csv',
    payload: JSON.stringify({ token: admin }),
    headers: { 'content-type': 'application/json', 'accept-language': language },
  })
  // The answer's code is a cell of its own; the owner's columns follow it.
  return answer.body.split('\r\n').find((line) => line.includes(`,"${code}",`))
}
describe('a device’s command whose answer never came', { timeout: 90_000 }, () => {
  test('the service locks the device after the portal stopped waiting: no answer, not refused', async () => {
    const { app } = await portal({
      // The service takes the lock, and answers only after the portal's timeout.
      '/api/mdm/v2/device/lockscreen': takenThenLate('/api/mdm/v2/device/lockscreen'),
    })
    const anna = await signIn(app, DEMO.anna)
    const lock = await post(app, 'device/lockscreen', {
      token: anna,
      clientid: DEVICE_IDS.annaIphone,
    })
    expect(lock.statusCode, lock.body).toBe(504)
    expect(lock.json().errorcode).toBe(PORTAL_ERROR_CODES.serviceTimeout)
    await settle(app)

    const [own] = await history(app, anna, DEVICE_IDS.annaIphone)
    // Filed as before: under the device, in its user's history.
    expect(own).toMatchObject({
      action: 'lock',
      clientId: DEVICE_IDS.annaIphone,
      outcome: 'noAnswer',
      answerCode: PORTAL_ERROR_CODES.serviceTimeout,
    })
    const admin = await signIn(app, DEMO.admin)
    const seen = (await activity(app, admin)).find((row) => row.action === 'lock')
    expect(seen).toMatchObject({
      outcome: 'noAnswer',
      answerCode: PORTAL_ERROR_CODES.serviceTimeout,
    })
  })

  test('a service that cannot be reached: no answer, and a device read does not make it done', async () => {
    const { app } = await portal({
      // What a gateway in front of an unreachable service answers: not the service's envelope.
      '/api/mdm/v2/device/lockscreen': (_request, reply) =>
        reply.code(502).type('text/html').send('<h1>Bad gateway</h1>'),
      // The service's own refusal, in its envelope: refused all the same.
      '/api/mdm/v2/device/requestlocation': (_request, reply) =>
        reply.code(400).type('application/json').send({
          success: false,
          errorcode: '02100001',
          errormessage: 'No.',
        }),
    })
    const anna = await signIn(app, DEMO.anna)
    const { lock, locate } = await lockAndLocate(app, anna)
    expect(lock.statusCode, lock.body).toBe(502)
    expect(lock.json().errorcode).toBe(PORTAL_ERROR_CODES.serviceUnavailable)
    expect(locate.json().errorcode, locate.body).toBe('02100001')
    await settle(app)
    // The device as the service shows it: no lock waiting (it never had it). Not a sign that the
    // lock was done.
    const info = await post(app, 'device/info', { token: anna, clientid: DEVICE_IDS.annaIphone })
    expect(info.json().success, info.body).toBe(true)
    await settle(app)

    const rows = await history(app, anna, DEVICE_IDS.annaIphone)
    expect(rows.find((row) => row.action === 'lock')).toMatchObject({
      outcome: 'noAnswer',
      answerCode: PORTAL_ERROR_CODES.serviceUnavailable,
    })
    expect(rows.find((row) => row.action === 'locate')).toMatchObject({
      outcome: 'refused',
      answerCode: '02100001',
    })
  })
})

describe('a device’s command the service failed without its envelope', { timeout: 90_000 }, () => {
  test('a 500 page instead of the envelope: no answer, not known whether it was done', async () => {
    // The spec's errors come in the envelope ("On failure inside the envelope, success is false
    // and errorcode and errormessage are filled"): a page at 500 is the service's failure, or a
    // gateway's, that says nothing of whether the lock was taken.
    const { app } = await portal({
      '/api/mdm/v2/device/lockscreen': (_request, reply) =>
        reply.code(500).type('text/html').send('<h1>Server Error in Application "MDM"</h1>'),
      // The service's own failure, in its envelope: it says it failed, a refusal all the same.
      '/api/mdm/v2/device/requestlocation': (_request, reply) =>
        reply.code(500).type('application/json').send({
          success: false,
          errorcode: ERROR_CODES.internalError,
          errormessage: 'Something failed.',
        }),
    })
    const anna = await signIn(app, DEMO.anna)
    const { lock, locate } = await lockAndLocate(app, anna)
    expect(lock.statusCode, lock.body).toBe(500)
    expect(lock.json().errorcode).toBe(PORTAL_ERROR_CODES.serviceFailed)
    expect(locate.json().errorcode, locate.body).toBe(ERROR_CODES.internalError)
    await settle(app)

    const rows = await history(app, anna, DEVICE_IDS.annaIphone)
    expect(rows.find((row) => row.action === 'lock')).toMatchObject({
      outcome: 'noAnswer',
      answerCode: PORTAL_ERROR_CODES.serviceFailed,
      answerLost: true,
    })
    expect(rows.find((row) => row.action === 'locate')).toMatchObject({
      outcome: 'refused',
      answerCode: ERROR_CODES.internalError,
    })
    const admin = await signIn(app, DEMO.admin)
    const seen = (await activity(app, admin)).find((row) => row.action === 'lock')
    expect(seen).toMatchObject({
      outcome: 'noAnswer',
      answerCode: PORTAL_ERROR_CODES.serviceFailed,
    })
    const csv = (language: string) =>
      csvLine(app, admin, language, PORTAL_ERROR_CODES.serviceFailed)
    expect(await csv('en')).toContain('"no answer from the service: not known whether it was done"')
    expect(await csv('de')).toContain(
      '"keine Antwort vom Dienst: unbekannt, ob es ausgeführt wurde"',
    )
  })
})

describe('a device’s command the portal itself failed on', { timeout: 90_000 }, () => {
  test('the portal’s own exception is the portal’s failure, never the service’s refusal', async () => {
    // Spec, Errors rule 1: "On failure inside the envelope, success is false and errorcode and
    // errormessage are filled". The service's own 01000099 is its refusal; a failure of the
    // portal's server is no answer of the service's at all.
    const { app, service } = await portal({}, undefined, (portalApp) =>
      portalApp.addHook('preHandler', async (request) => {
        if (request.url.endsWith('/device/lockscreen')) throw new Error('the portal failed')
      }),
    )
    const anna = await signIn(app, DEMO.anna)
    const lock = await post(app, 'device/lockscreen', {
      token: anna,
      clientid: DEVICE_IDS.annaIphone,
    })
    expect(lock.statusCode, lock.body).toBe(500)
    expect(lock.json().errorcode).toBe('01900011')
    expect(lock.json().errormessage).toBe(
      'The portal ran into an error of its own, so it cannot say what became of your request. Please try again in a moment.',
    )
    expect(service.seen.some((seen) => seen.url.endsWith('/device/lockscreen'))).toBe(false)
    await settle(app)

    const own = (await history(app, anna, DEVICE_IDS.annaIphone)).find(
      (row) => row.action === 'lock',
    )
    expect(own).toMatchObject({ outcome: 'noAnswer', answerCode: '01900011', answerLost: true })
    const admin = await signIn(app, DEMO.admin)
    const csv = (language: string) => csvLine(app, admin, language, '01900011')
    expect(await csv('en')).toContain('"failed in the portal: not known whether it was done"')
    expect(await csv('de')).toContain('"Fehler im Portal: unbekannt, ob es ausgeführt wurde"')
  })
})

describe('a device’s command whose answer the portal never recorded', { timeout: 90_000 }, () => {
  test('past the wait for the service: no answer, not waiting for the device, not done', async () => {
    // What the records hold after the portal was killed between sending a lock and its answer:
    // the attempt, answer_status 0. Here the service holds the lock, and the portal waits far
    // longer than the test, so that the record is read as a stopped portal left it.
    const held: (() => void)[] = []
    const WAIT_MS = 60_000
    const { app } = await portal(
      {
        '/api/mdm/v2/device/lockscreen': async (_request, reply) => {
          await new Promise<void>((resolve) => held.push(resolve))
          return reply.code(504).type('text/html').send('<h1>Gateway timeout</h1>')
        },
      },
      WAIT_MS,
    )
    const anna = await signIn(app, DEMO.anna)
    const lock = post(app, 'device/lockscreen', { token: anna, clientid: DEVICE_IDS.annaIphone })
    const lockOf = async () =>
      (await history(app, anna, DEVICE_IDS.annaIphone)).find((row) => row.action === 'lock')
    // While the service may still answer, it is under way, as before.
    await vi.waitFor(async () => expect(await lockOf()).toMatchObject({ outcome: 'sent' }), {
      timeout: 10_000,
    })
    expect(held).toHaveLength(1)

    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + changeAnswerWaitMs(WAIT_MS) + 1_000)
    expect(await lockOf()).toMatchObject({
      outcome: 'noAnswer',
      answerLost: true,
      answerCode: null,
    })
    // The device shows no lock pending (the service never had it): not a sign that it was done.
    const info = await post(app, 'device/info', { token: anna, clientid: DEVICE_IDS.annaIphone })
    expect(info.json().deviceinfo.actions.lockscreen.status, info.body).toBe(0)
    await settle(app)
    expect(await lockOf()).toMatchObject({ outcome: 'noAnswer', answerLost: true })

    // The help desk's activity and its file say the same, in the reader's language.
    const admin = await signIn(app, DEMO.admin)
    const seen = (await activity(app, admin)).find((row) => row.action === 'lock')
    expect(seen).toMatchObject({ outcome: 'noAnswer', answerLost: true })
    const csv = (language: string) =>
      app.inject({
        method: 'POST',
        url: '/api/portal/records/activity.csv',
        payload: JSON.stringify({ token: admin }),
        headers: { 'content-type': 'application/json', 'accept-language': language },
      })
    expect((await csv('en')).body).toContain(
      '"no answer from the service: not known whether it was done"',
    )
    expect((await csv('de')).body).toContain(
      '"keine Antwort vom Dienst: unbekannt, ob es ausgeführt wurde"',
    )
    vi.useRealTimers()
    for (const release of held) release()
    await lock
  })
})
