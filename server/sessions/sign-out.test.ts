import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../app.ts'
import { referenceApi } from '../mdm/plugin.ts'
import { SignedOutTokens } from './signed-out-tokens.ts'
import { makeDist, startFakeService, testConfig } from '../testing/test-support.ts'
import { signIn } from '../mdm/test-client.ts'

const dist = makeDist()
/** The service knows the tokens it gave out ("live-…", "ended-…"), not made-up ones. */
const knows = (request: { body: unknown }) => /"token":"(live|ended)-/.test(String(request.body))
const service = await startFakeService({
  '/api/mdm/v2/user/info': (request, reply) =>
    knows(request)
      ? reply.send({ success: true, errorcode: null, userinfo: {} })
      : reply.code(401).send({ success: false, errorcode: '03100001', tokenstatus: 'Expired' }),
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
        errorcode: '01900012',
        errormessage: expect.stringContaining('Sitzung wurde beendet'),
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

  test('is limited per address, and takes only strings shaped like a token', async () => {
    let app = await portal({ SIGN_OUT_RATE_LIMIT: '3' })
    const from = (remoteAddress: string, token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/portal/sign-out',
        payload: { token },
        remoteAddress,
        headers: { 'accept-language': 'de' },
      })
    for (let call = 1; call <= 3; call++) {
      expect((await from('198.51.100.90', `token-number-${call}`)).statusCode).toBe(200)
    }
    const refused = await from('198.51.100.90', 'token-number-4')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json()).toMatchObject({
      success: false,
      errorcode: '01900001',
      errormessage:
        'Zu viele Anfragen aus Ihrem Netzwerk. Versuchen Sie es in einer Minute erneut.',
    })
    expect((await from('198.51.100.91', 'token-number-5')).statusCode).toBe(200)

    // Access tokens are opaque strings (api-facts), in practice base64, hex, GUIDs or JWTs.
    app = await portal()
    for (const token of [
      'a b c d e f g h',
      '<script>x</script>',
      'Zürich-Straße-1',
      'short',
      'x'.repeat(4097),
    ]) {
      const answer = await from('198.51.100.92', token)
      expect(answer.statusCode, token.slice(0, 20)).toBe(400)
    }
    for (const token of [
      'eyJhbGciOi.eyJzdWIi.c2lnbmF0dXJl',
      'AbC+/9==',
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    ]) {
      expect((await from('198.51.100.93', token)).statusCode, token).toBe(200)
    }
  })

  test('a flood of made-up tokens is never kept, and a real sign-out holds until it expires', async () => {
    const app = await portal({ MDM_API_URL: service.url })
    await signOut(app, { token: 'ended-before-the-flood' })
    for (let n = 0; n < 20; n++) {
      const answer = await signOut(app, { token: `made-up-token-${n}` })
      expect(answer.json().success).toBe(true)
    }
    // The portal kept none of them: the service, not the portal, answers each.
    const before = service.seen.length
    const madeUp = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token: 'made-up-token-3' },
    })
    expect(madeUp.statusCode).toBe(200)
    expect(service.seen.length).toBe(before + 1)
    const ended = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token: 'ended-before-the-flood' },
    })
    expect(ended.statusCode).toBe(401)
    expect(service.seen.length).toBe(before + 1)
  })

  test('embedded: a made-up token is not kept; the API answers it as it would any unknown one', async () => {
    const app = await portal()
    const list = () =>
      app.inject({
        method: 'POST',
        url: '/api/mdm/v2/device/list',
        payload: { token: 'made-up-token-embedded' },
      })
    const unknown = (await list()).json()
    expect((await signOut(app, { token: 'made-up-token-embedded' })).json().success).toBe(true)
    // Kept, it would answer "This session was ended" from the portal's own list instead.
    expect((await list()).json()).toEqual(unknown)
    expect(unknown.errormessage).not.toMatch(/session was ended/)
  })

  test('the list never forgets a sign-out before it expires, and is never walked whole', async () => {
    const warnings: unknown[] = []
    let now = 1_000_000
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now)
    const tokens = new SignedOutTokens(null, 60_000, {
      warnEntries: 3,
      log: { warn: (...args: unknown[]) => void warnings.push(args) },
    })
    const request = {} as FastifyRequest
    try {
      for (const token of [
        'token-aaaa-1',
        'token-aaaa-2',
        'token-aaaa-3',
        'token-aaaa-4',
        'token-aaaa-5',
      ]) {
        await tokens.end(token, request)
      }
      // However many come after it, the first sign-out holds; a long list is worth one warning.
      expect(tokens.size.kept).toBe(5)
      expect(await tokens.isEnded('token-aaaa-1')).toBe(true)
      expect(await tokens.isEnded('token-aaaa-5')).toBe(true)
      expect(warnings).toHaveLength(1)
      // Entries expire: a minute later the new sign-out finds the old ones gone.
      now += 60_000
      await tokens.end('token-aaaa-6', request)
      expect(tokens.size.kept).toBe(1)
      expect(await tokens.isEnded('token-aaaa-5')).toBe(false)
      expect(warnings).toHaveLength(1)
    } finally {
      clock.mockRestore()
    }
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
