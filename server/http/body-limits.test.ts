import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { signIn } from '../mdm/test-client.ts'
import { MAX_BODY_BYTES } from '../proxy/proxy.ts'
import { makeDist, startFakeService, testConfig } from '../testing/test-support.ts'

/**
 * One failure, one status, in both modes. The spec's error table names 200, 401, 403 and 404
 * only ("Status codes other than those in the table, and the failure conditions of each
 * operation: not shown"), and of requests "size limits of requests: not shown"; api-facts.md:
 * "Failures come in two styles, and a client must handle both". So the portal answers as HTTP
 * itself says (RFC 9110 15.5.1 and 15.5.14): 400 for a body it cannot read, 413 for one above
 * the one limit docs/security.md states ("Limits"), 1 MB; and a signed-out token as the spec's expired one:
 * "tokenstatus … Expired when a new token must be requested".
 */
const service = await startFakeService({
  // The service knows the token a test signs out: only such a sign-out is kept.
  '/api/mdm/v2/user/info': (_request, reply) => reply.send({ success: true, userinfo: {} }),
  '/api/mdm/v2/device/list': (_request, reply) => reply.send({ success: true, data: [] }),
})
const dist = makeDist()
const servers: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await service.close()
  dist.remove()
})

const MODES = {
  embedded: {},
  'in front of a service': { MDM_API_URL: service.url },
} as const

async function portal(env: Record<string, string>) {
  const app = await buildServer(testConfig(dist.dir, env))
  servers.push(app)
  return app
}

const post = (app: FastifyInstance, payload: string) =>
  app.inject({
    method: 'POST',
    url: '/api/mdm/v2/device/list',
    payload,
    headers: { 'content-type': 'application/json', 'accept-language': 'de' },
  })

describe.each(Object.entries(MODES))('%s', (_mode, env) => {
  test('an unreadable body gets 400, in the envelope', async () => {
    const app = await portal(env)
    for (const body of ['{"token":', '[1, 2]', 'null']) {
      const answer = await post(app, body)
      expect(answer.statusCode, body).toBe(400)
      expect(answer.json(), body).toMatchObject({ success: false, errorcode: '01000001' })
    }
  })

  test('a body over 1 MB gets 413, in the envelope; one just under it is read', async () => {
    expect(MAX_BODY_BYTES).toBe(1024 * 1024)
    const app = await portal(env)
    const padded = (size: number) => {
      const start = '{"token":"t-1","filter":{"lastcontact":{"from":"'
      return `${start}${'x'.repeat(size - start.length - 4)}"}}}`
    }
    const tooLarge = await post(app, padded(MAX_BODY_BYTES + 1))
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toMatchObject({ success: false, errorcode: '01000004' })
    const underLimit = await post(app, padded(MAX_BODY_BYTES - 1024))
    expect(underLimit.statusCode).not.toBe(413)
    expect(underLimit.statusCode).not.toBe(400)
  })

  test("a signed-out token's 401 says tokenstatus Expired, as an expired one does", async () => {
    const app = await portal(env)
    const token = 'MDM_API_URL' in env ? 'ended-token-0123456789' : await signIn(app)
    await app.inject({ method: 'POST', url: '/api/portal/sign-out', payload: { token } })
    const answer = await post(app, JSON.stringify({ token }))
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toEqual({
      success: false,
      errorcode: '01900012',
      errormessage: expect.stringContaining('Sitzung wurde beendet'),
      tokenstatus: 'Expired',
    })
  })
})
