import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from './app.ts'
import { MAX_BODY_BYTES } from './proxy.ts'
import { CONTENT_SECURITY_POLICY } from './security-headers.ts'
import {
  closedPort,
  makeDist,
  portOf,
  selfSignedCertificate,
  sendRaw,
  startFakeService,
  testConfig,
} from './test-support.ts'

/** A service that is busy, slow, down or not who it claims to be: the portal says so clearly. */
const service = await startFakeService({
  '/api/mdm/v2/device/list': (_request, reply) => reply.send({ success: true, data: [] }),
  '/api/mdm/v2/device/busy': (_request, reply) =>
    reply.code(503).header('retry-after', '1').send({ success: false }),
  '/api/mdm/v2/device/slow': async (_request, reply) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    return reply.send({ success: true })
  },
})

const dist = makeDist()
let app: FastifyInstance
let port: number | undefined

beforeAll(async () => {
  app = await buildServer(
    testConfig(dist.dir, { MDM_API_URL: service.url, MDM_API_TIMEOUT_MS: '400' }),
  )
  port = portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
})

afterAll(async () => {
  await app.close()
  await service.close()
  dist.remove()
})

describe('when the MDM service misbehaves', () => {
  test("the service's own 503 is passed on once, never retried", async () => {
    const before = service.seen.length
    const busy = await app.inject({ method: 'GET', url: '/api/mdm/v2/device/busy' })
    expect(busy.statusCode).toBe(503)
    expect(busy.headers['retry-after']).toBe('1')
    expect(service.seen.length).toBe(before + 1)
  })

  test('a slow service gets a 504 in the envelope, in the language of the request', async () => {
    const slow = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/slow',
      payload: {},
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    })
    expect(slow.statusCode).toBe(504)
    expect(slow.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(slow.json()).toEqual({
      success: false,
      errorcode: '01900003',
      errormessage: expect.stringContaining('nicht rechtzeitig'),
      tokenstatus: null,
    })
  })

  test('paths that leave the API are refused before they reach the service', async () => {
    const before = service.seen.length
    for (const path of ['/api/mdm/v2/../../admin', '/api/mdm/v2/%2e%2e/%2E%2E/admin']) {
      const escape = await sendRaw(port, { method: 'GET', path })
      expect(escape.status, path).toBe(400)
      expect(JSON.parse(escape.text)).toMatchObject({ success: false, errorcode: '01000001' })
    }
    expect(service.seen.length).toBe(before)
  })

  test('a body larger than the limit is refused, announced or not', async () => {
    const before = service.seen.length
    const announced = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: 'x'.repeat(MAX_BODY_BYTES + 1),
      headers: { 'content-type': 'application/json' },
    })
    expect(announced.statusCode).toBe(413)
    expect(announced.json()).toMatchObject({ success: false, errorcode: '01000004' })

    const streamed = await sendRaw(port, {
      method: 'POST',
      path: '/api/mdm/v2/device/list',
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
      chunks: 32,
    })
    expect(streamed.status).toBe(413)
    expect(service.seen.length).toBe(before)
  })
})

describe('when the MDM service is down', () => {
  test('the portal answers 502 in the envelope instead of an error page', async () => {
    const down = await buildServer(
      testConfig(dist.dir, { MDM_API_URL: `http://127.0.0.1:${await closedPort()}` }),
    )
    const response = await down.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/login',
      payload: { username: 'anna@example.com', password: 'Demo-Pass-1' },
    })
    await down.close()
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({
      success: false,
      errorcode: '01900002',
      errormessage: expect.stringContaining('cannot be reached'),
      tokenstatus: null,
    })
  })
})

describe('over HTTPS to the service', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-tls-'))
  const certificate = selfSignedCertificate(dir)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  test.skipIf(!certificate)('a certificate nobody vouches for is refused', async () => {
    if (!certificate) return
    const impostor = await startFakeService(
      { '/api/mdm/v2/user/login': (_request, reply) => reply.send({ success: true, token: 'x' }) },
      { https: certificate },
    )
    const portal = await buildServer(testConfig(dist.dir, { MDM_API_URL: impostor.url }))
    const response = await portal.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/login',
      payload: { username: 'anna@example.com', password: 'Demo-Pass-1' },
    })
    await portal.close()
    await impostor.close()
    expect(response.statusCode).toBe(502)
    expect(impostor.seen).toHaveLength(0)
  })
})
