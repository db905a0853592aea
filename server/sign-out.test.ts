import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from './app.ts'
import { referenceApi } from './mdm/plugin.ts'
import { makeDist, startFakeService, testConfig } from './test-support.ts'
import { signIn } from './mdm/test-client.ts'

const dist = makeDist()
const service = await startFakeService({
  '/api/mdm/v2/device/list': (_request, reply) => reply.send({ success: true, data: [] }),
  '/api/mdm/v2/app/image': (_request, reply) => reply.type('image/png').send(Buffer.from('png')),
})
const servers: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await service.close()
  dist.remove()
})

async function portal(env: Record<string, string> = {}) {
  const app = await buildServer(testConfig(dist.dir, env))
  servers.push(app)
  return app
}

const signOut = (app: FastifyInstance, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/portal/sign-out',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  })

describe('signing out ends the token on the server', () => {
  test('with the embedded API, every later request with the token gets 401', async () => {
    const app = await portal()
    const token = await signIn(app)
    const other = await signIn(app)
    expect((await signOut(app, { token })).json()).toEqual({
      success: true,
      errorcode: null,
      errormessage: null,
      tokenstatus: null,
    })
    for (const path of ['device/list', 'user/renewtoken']) {
      const answer = await app.inject({
        method: 'POST',
        url: `/api/mdm/v2/${path}`,
        payload: { token },
        headers: { 'accept-language': 'de' },
      })
      expect(answer.statusCode, path).toBe(401)
      expect(answer.json(), path).toMatchObject({
        success: false,
        errorcode: '03100001',
        errormessage: expect.stringContaining('abgemeldet'),
      })
    }
    // The session in another browser goes on.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token: other },
    })
    expect(elsewhere.statusCode).toBe(200)
  })

  test('in front of a real service, the token never reaches it again, in the body or in ?json=', async () => {
    const app = await portal({ MDM_API_URL: service.url })
    await signOut(app, { token: 'ended-token' })
    const before = service.seen.length
    const list = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token: 'ended-token' },
    })
    expect(list.statusCode).toBe(401)
    const json = encodeURIComponent(JSON.stringify({ id: 'AU8', token: 'ended-token' }))
    const image = await app.inject({ method: 'GET', url: `/api/mdm/v2/app/image?json=${json}` })
    expect(image.statusCode).toBe(401)
    expect(service.seen.length).toBe(before)
    const live = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token: 'live-token' },
    })
    expect(live.statusCode).toBe(200)
  })

  test('a sign-out without a token is refused in the envelope', async () => {
    const app = await portal()
    for (const payload of [{}, { token: 7 }, { token: '' }]) {
      const answer = await signOut(app, payload)
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({ success: false, errorcode: '01000001' })
    }
    const broken = await app.inject({
      method: 'POST',
      url: '/api/portal/sign-out',
      payload: '{"token":',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({ success: false })
  })

  test('the reference API forgets a token it is told about, in the world of the request', async () => {
    let forget: (token: string, request: FastifyRequest) => void = () => {}
    const api = Fastify()
    servers.push(api)
    await api.register(referenceApi, {
      portalUrl: 'http://portal.test',
      onTokenEnd: (listener) => (forget = listener),
    })
    api.post<{ Body: { token: string } }>('/forget', async (request) => {
      forget(request.body.token, request)
      return {}
    })
    const token = await signIn(api)
    await api.inject({ method: 'POST', url: '/forget', payload: { token } })
    const after = await api.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token },
    })
    expect(after.statusCode).toBe(401)
  })
})
