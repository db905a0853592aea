import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from '../../app.ts'
import { PORTAL_ERROR_CODES } from '../../../contract/error-codes.ts'
import { DEMO, DEVICE_IDS } from '../../mdm/test-client.ts'
import { startLenientService, type LenientService } from '../../testing/lenient-service.ts'
import { makeDist, recordsReachable, testConfig } from '../../testing/test-support.ts'

/**
 * What the records say of a device's command whose answer never reached the portal: the portal
 * answered in the service's stead (it did not answer in time, or could not be reached), so
 * nobody knows whether the service took it. Never "refused by the service", never waiting for
 * the device; a refusal the service itself answered stays one.
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

/** The portal's own wait for the service, short here: MDM_API_TIMEOUT_MS. */
const SERVICE_TIMEOUT_MS = 400

type Answer = (request: FastifyRequest, reply: FastifyReply) => unknown

async function portal(answers: Record<string, Answer>) {
  const service = await startLenientService({}, answers)
  services.push(service)
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-command-answers-'))
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
        const { api } = services.at(-1)!
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
