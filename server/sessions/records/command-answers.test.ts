import type { FastifyInstance } from 'fastify'
import { describe, expect, test } from 'vitest'
import { PORTAL_ERROR_CODES } from '../../../contract/error-codes.ts'
import { DEMO, DEVICE_IDS } from '../../mdm/test-client.ts'
import { lostAnswerPortals, post, SERVICE_TIMEOUT_MS, signIn } from '../../testing/lost-answers.ts'

/**
 * What the records say of a device's command whose answer never reached the portal: the portal
 * answered in the service's stead (it did not answer in time, or could not be reached), so
 * nobody knows whether the service took it. Never "refused by the service", never waiting for
 * the device; a refusal the service itself answered stays one.
 */
const { portal, lastService } = lostAnswerPortals()
interface Row {
  action: string
  outcome: string
  clientId: string
  answerCode: string | null
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

/** Past the portal's recording of what it answered itself (and the service's late answer). */
const settle = () => new Promise((resolve) => setTimeout(resolve, SERVICE_TIMEOUT_MS * 4 + 1_500))

describe('a device’s command whose answer never came', { timeout: 90_000 }, () => {
  test('the service locks the device after the portal stopped waiting: no answer, not refused', async () => {
    const { app } = await portal({
      // The service takes the lock, and answers only after the portal's timeout.
      '/api/mdm/v2/device/lockscreen': async (request, reply) => {
        const { api } = lastService()
        const done = await api.inject({
          method: 'POST',
          url: '/api/mdm/v2/device/lockscreen',
          headers: { 'content-type': 'application/json' },
          payload: Buffer.isBuffer(request.body) ? request.body : '',
        })
        await new Promise((resolve) => setTimeout(resolve, SERVICE_TIMEOUT_MS * 4))
        return reply.code(done.statusCode).type('application/json').send(done.rawPayload)
      },
    })
    const anna = await signIn(app, DEMO.anna)
    const lock = await post(app, 'device/lockscreen', {
      token: anna,
      clientid: DEVICE_IDS.annaIphone,
    })
    expect(lock.statusCode, lock.body).toBe(504)
    expect(lock.json().errorcode).toBe(PORTAL_ERROR_CODES.serviceTimeout)
    await settle()

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
    const lock = await post(app, 'device/lockscreen', {
      token: anna,
      clientid: DEVICE_IDS.annaIphone,
    })
    expect(lock.statusCode, lock.body).toBe(502)
    expect(lock.json().errorcode).toBe(PORTAL_ERROR_CODES.serviceUnavailable)
    const locate = await post(app, 'device/requestlocation', {
      token: anna,
      clientid: DEVICE_IDS.annaIphone,
    })
    expect(locate.json().errorcode, locate.body).toBe('02100001')
    await settle()
    // The device as the service shows it: no lock waiting (it never had it). Not a sign that the
    // lock was done.
    const info = await post(app, 'device/info', { token: anna, clientid: DEVICE_IDS.annaIphone })
    expect(info.json().success, info.body).toBe(true)
    await settle()

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
