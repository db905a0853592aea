import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts'
import { makeDist, portOf, sendRaw, startFakeService, testConfig } from '../testing/test-support.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const PROFILE_START = '<?xml version="1.0"?><plist>'

let releaseProfile: () => void = () => {}
const profileReleased = () => new Promise<void>((resolve) => (releaseProfile = resolve))

const service = await startFakeService({
  '/api/mdm/v2/device/list': (_request, reply) =>
    reply
      .header('set-cookie', 'session=from-the-service')
      .header('content-security-policy', "default-src *; script-src 'unsafe-inline'")
      .header('x-frame-options', 'SAMEORIGIN')
      .header('access-control-allow-origin', '*')
      .header('connection', 'x-hop')
      .header('x-hop', 'one connection only')
      .header('x-request-id', 'abc-123')
      .type('application/json; charset=utf-8')
      .send('{"success":true,"errorcode":null,"errormessage":null,"tokenstatus":null,"data":[]}'),
  '/api/mdm/v2/user/info': (_request, reply) =>
    reply.code(401).type('application/json; charset=utf-8').send({
      success: false,
      errorcode: '03100001',
      errormessage: 'Authentication failed',
      tokenstatus: null,
    }),
  '/api/mdm/v2/app/image': (_request, reply) => reply.type('image/png').send(PNG),
  '/api/mdm/v2/user/mdmprofile': (request, reply) => {
    reply.raw.writeHead(200, {
      'content-type': 'application/x-apple-aspen-config',
      'content-disposition': 'attachment; filename="enroll.mobileconfig"',
    })
    reply.raw.write(PROFILE_START)
    // The rest arrives only when the test says so: the start must reach the client before.
    const rest = request.method === 'GET' ? Promise.resolve() : profileReleased()
    void rest.then(() => reply.raw.end('</plist>'))
    return reply.hijack()
  },
})

const dist = makeDist()
let app: FastifyInstance
let port: number | undefined

beforeAll(async () => {
  app = await buildServer(testConfig(dist.dir, { MDM_API_URL: `${service.url}/tenant-a/` }))
  port = portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
})

afterAll(async () => {
  await app.close()
  await service.close()
  dist.remove()
})

function lastSeen() {
  const seen = service.seen.at(-1)
  if (!seen) throw new Error('The service saw no request')
  return seen
}

describe('in front of a real MDM service', () => {
  test('a request reaches the service as it was sent, under the service path prefix', async () => {
    const body = '{"token":"t-1",  "filter": {"managed":true}}\n'
    const response = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'de',
        'x-mdm-world': 'world-7',
        cookie: 'portal=only-for-the-portal',
        'x-forwarded-for': '203.0.113.9',
      },
    })
    expect(response.statusCode).toBe(200)
    const seen = lastSeen()
    expect(seen.method).toBe('POST')
    expect(seen.url).toBe('/tenant-a/api/mdm/v2/device/list')
    // Not parsed and re-serialized: byte for byte, odd spacing included.
    expect(seen.body.toString()).toBe(body)
    expect(seen.headers).toMatchObject({
      'content-type': 'application/json',
      'accept-language': 'de',
      'x-mdm-world': 'world-7',
      host: new URL(service.url).host,
      // Without TRUST_PROXY the client's own X-Forwarded-For is not believed.
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
    })
    expect(seen.headers.cookie).toBeUndefined()
  })

  test("the answer comes back with the service's status, type and body, but the portal's headers", async () => {
    const list = await app.inject({ method: 'POST', url: '/api/mdm/v2/device/list', payload: {} })
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(list.json()).toMatchObject({ success: true, data: [] })
    expect(list.headers['x-request-id']).toBe('abc-123')
    expect(list.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(list.headers['x-frame-options']).toBe('DENY')
    expect(list.headers['set-cookie']).toBeUndefined()
    expect(list.headers['access-control-allow-origin']).toBeUndefined()
    expect(list.headers['x-hop']).toBeUndefined()
    expect(list.headers['cache-control']).toBe('no-store')

    const refused = await app.inject({ method: 'POST', url: '/api/mdm/v2/user/info', payload: {} })
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toMatchObject({ success: false, errorcode: '03100001' })
  })

  test('file answers pass through, the GET form with its ?json= query too', async () => {
    const query = `?json=${encodeURIComponent(JSON.stringify({ id: 'AU8', token: 't-1' }))}`
    const image = await app.inject({ method: 'GET', url: `/api/mdm/v2/app/image${query}` })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.rawPayload.equals(PNG)).toBe(true)
    expect(lastSeen().url).toBe(`/tenant-a/api/mdm/v2/app/image${query}`)

    const asked = `?json=${encodeURIComponent(JSON.stringify({ mdmtype: 'apple', token: 't-1' }))}`
    const profile = await app.inject({ method: 'GET', url: `/api/mdm/v2/user/mdmprofile${asked}` })
    expect(profile.headers['content-type']).toBe('application/x-apple-aspen-config')
    expect(profile.headers['content-disposition']).toBe(
      'attachment; filename="enroll.mobileconfig"',
    )
    expect(profile.body).toBe(`${PROFILE_START}</plist>`)
  })

  test('a file streams: its start reaches the client before the service has finished', async () => {
    // The service sends the end only when the client has read the start.
    const request = { method: 'POST', path: '/api/mdm/v2/user/mdmprofile', body: '{}' }
    const { text } = await sendRaw(port, request, (received) => {
      if (received === PROFILE_START) releaseProfile()
    })
    expect(text).toBe(`${PROFILE_START}</plist>`)
  })

  test('the demo has no pages here, and the portal says so in its settings', async () => {
    for (const url of ['/outbox', '/outbox.css', '/outbox.json', '/__test/settings']) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
    }
    const control = await app.inject({ method: 'POST', url: '/__test/complete', payload: {} })
    expect(control.statusCode).toBe(404)
    const settings = await app.inject({ method: 'GET', url: '/portal-config.json' })
    // A real service does not publish its token life; without MDM_TOKEN_LIFETIME_MS the portal
    // goes by the service's ExpiresSoon alone.
    expect(settings.json()).toMatchObject({
      apiBaseUrl: '/api/mdm/v2',
      demo: false,
      tokenTimes: null,
    })
  })
})
