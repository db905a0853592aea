import type { FastifyInstance } from 'fastify'
import { describe, expect, test } from 'vitest'
import { ERROR_CODES } from '../../../contract/error-codes.ts'
import { buildServer } from '../../app.ts'
import { DEMO, DEVICE_IDS } from '../../mdm/test-client.ts'
import { fileResources, recordsReachable, testConfig } from '../../testing/test-support.ts'

/**
 * The device or user the records' search and a device's history are narrowed to is an
 * identifier as the Activity screen reads it from its address (activity-address.ts): text of at
 * most 200 characters, neither empty nor with a control character. Anything else is refused as
 * the records routes refuse every request they cannot read: HTTP 400, in the envelope, in the
 * reader's language, before the service or the records are asked.
 */
const { dist, folder, keep } = fileResources()

/** One portal for the file: nothing here writes a record. */
let started: Promise<FastifyInstance> | undefined
const portal = () => (started ??= start())

async function start() {
  const app = keep(
    await buildServer(
      testConfig(dist.dir, { PORTAL_RECORDS: '1', PORTAL_DATA_DIR: folder('portal-ids-') }),
    ),
  )
  await recordsReachable(app, { timeout: 30_000, interval: 200 })
  return app
}

const post = (app: FastifyInstance, url: string, payload: object, language = 'en') =>
  app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'accept-language': language },
  })

async function signIn(app: FastifyInstance, who: Record<string, string>) {
  const answer = await post(app, '/api/mdm/v2/user/login', { type: 'basic', ...who })
  const token: unknown = answer.json().token
  if (typeof token !== 'string') throw new Error(answer.body)
  return token
}

const SPELLINGS = [
  ['a NUL', `${DEVICE_IDS.annaIphone}\u0000`],
  ['a line break', 'S-1\nS-2'],
  ['a tab', '\tS-1'],
  ['DEL', 'S-1\u007f'],
  ['a C1 control character', 'S-1\u0085'],
  ['over 200 characters', 'x'.repeat(201)],
  ['nothing', ''],
] as const

const refusal = {
  success: false,
  errorcode: ERROR_CODES.malformedJson,
  errormessage: 'The request could not be read.',
}

describe('an identifier the records cannot use', { timeout: 60_000 }, () => {
  test.each(SPELLINGS)(
    'with %s is refused by the search, its CSV and a device’s history',
    async (_name, value) => {
      const app = await portal()
      const token = await signIn(app, DEMO.admin)
      const asked = [
        ['/api/portal/records/activity', { token, clientid: value }],
        ['/api/portal/records/activity', { token, sid: value }],
        ['/api/portal/records/activity.csv', { token, clientid: value }],
        ['/api/portal/records/activity.csv', { token, sid: value }],
        ['/api/portal/records/device', { token, clientid: value }],
      ] as const
      for (const [url, body] of asked) {
        const answer = await post(app, url, body)
        expect(answer.statusCode, `${url} ${answer.body}`).toBe(400)
        expect(answer.json(), url).toMatchObject(refusal)
      }
    },
  )

  test('is refused in the reader’s language, and the longest id the screen takes is read', async () => {
    const app = await portal()
    const token = await signIn(app, DEMO.admin)
    const german = await post(
      app,
      '/api/portal/records/activity',
      { token, clientid: 'a\u0000b' },
      'de',
    )
    expect(german.statusCode).toBe(400)
    expect(german.json()).toMatchObject({
      success: false,
      errorcode: ERROR_CODES.malformedJson,
      errormessage: 'Die Anfrage konnte nicht gelesen werden.',
    })
    // 200 characters, no control character: the service is asked, and shows no such device.
    const longest = await post(app, '/api/portal/records/activity', {
      token,
      clientid: 'x'.repeat(200),
    })
    expect(longest.statusCode, longest.body).not.toBe(400)
  })
})
