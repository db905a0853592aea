import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { MAX_ANSWER_BYTES } from './proxy-read.ts'
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts'
import { makeDist, portOf, sendRaw, startFakeService, testConfig } from '../testing/test-support.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const ENVELOPE = { success: true, errorcode: null, errormessage: null, tokenstatus: null }

/** Each file answer the test asks for, by the `id` or `mdmtype` field of the request. */
function fieldOf(request: FastifyRequest, name: string): unknown {
  const text = Buffer.isBuffer(request.body)
    ? request.body.toString()
    : new URL(request.url, 'http://x').searchParams.get('json')
  return (JSON.parse(text || '{}') as Record<string, unknown>)[name]
}

const files: Record<string, (reply: FastifyReply) => unknown> = {
  png: (reply) => reply.type('image/png').send(PNG),
  svg: (reply) =>
    reply
      .type('image/svg+xml')
      .send('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: (reply) => reply.type('text/html').send('<script>alert(document.cookie)</script>'),
  apple: (reply) =>
    reply
      .type('application/x-apple-aspen-config')
      .header('content-disposition', 'inline; filename="enroll.mobileconfig"')
      .send('<?xml version="1.0"?><plist></plist>'),
  android: (reply) => reply.type('application/json').send({ enrollmenttoken: 'abc' }),
}

const service = await startFakeService({
  '/api/mdm/v2/device/list': (request, reply) => {
    if (request.headers['x-original-url'] || request.headers['x-http-method-override']) {
      return reply.code(500).send({ success: false, errorcode: 'seen-override' })
    }
    return reply
      .header('location', 'https://evil.example/')
      .header('refresh', '0; url=https://evil.example/')
      .header('link', '<https://evil.example/>; rel=preload')
      .header('x-request-id', 'r-1')
      .send(ENVELOPE)
  },
  '/api/mdm/v2/app/list': (_request, reply) =>
    reply.type('application/json').send('{"success":true,"data":['),
  '/api/mdm/v2/app/info': (_request, reply) =>
    reply.type('text/html').send('<html><body><script>alert(1)</script></body></html>'),
  '/api/mdm/v2/device/disablelostmode': (_request, reply) =>
    reply.code(302).header('location', 'https://evil.example/login').send(''),
  '/api/mdm/v2/device/enablelostmode': (_request, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' })
    reply.raw.write('{"success":true,"data":[{"clientid":"c-1"')
    setTimeout(() => reply.raw.destroy(), 20)
    return reply.hijack()
  },
  '/api/mdm/v2/user/list': (_request, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'application/json' })
    let sent = 0
    const timer = setInterval(() => {
      sent++
      if (sent < 15) return void reply.raw.write(' ')
      clearInterval(timer)
      reply.raw.end(JSON.stringify(ENVELOPE))
    }, 200)
    reply.raw.on('close', () => clearInterval(timer))
    return reply.hijack()
  },
  '/api/mdm/v2/user/resetpasswordinfo': (_request, reply) =>
    reply.type('application/json').send(Buffer.alloc(MAX_ANSWER_BYTES + 1024, 0x20)),
  '/api/mdm/v2/app/image': (request, reply) => files[String(fieldOf(request, 'id'))]?.(reply),
  '/api/mdm/v2/user/mdmprofile': (request, reply) => {
    if (fieldOf(request, 'html') === true) return files.html?.(reply)
    return files[String(fieldOf(request, 'mdmtype'))]?.(reply)
  },
})

const dist = makeDist()
let app: FastifyInstance
let port: number | undefined

beforeAll(async () => {
  app = await buildServer(
    testConfig(dist.dir, { MDM_API_URL: service.url, MDM_API_TIMEOUT_MS: '800' }),
  )
  port = portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
})

afterAll(async () => {
  await app.close()
  await service.close()
  dist.remove()
})

const post = (path: string, payload: object = { token: 't-1' }) =>
  app.inject({
    method: 'POST',
    url: `/api/mdm/v2/${path}`,
    payload,
    headers: { 'accept-language': 'de' },
  })

const expectBadAnswer = (answer: Awaited<ReturnType<typeof post>>, status = 502) => {
  expect(answer.statusCode).toBe(status)
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(answer.json()).toEqual({
    success: false,
    errorcode: '01900002',
    errormessage: expect.stringContaining('unverständliche Antwort'),
    tokenstatus: null,
  })
}

describe("the service's surprises never reach the browser", () => {
  test('a 200 with malformed JSON becomes the envelope', async () => {
    expectBadAnswer(await post('app/list'))
  })

  test('a 200 with an HTML page becomes the envelope', async () => {
    const answer = await post('app/info')
    expectBadAnswer(answer)
    expect(answer.body).not.toContain('<script>')
  })

  test('a redirect becomes the envelope, its Location never passed on', async () => {
    const answer = await post('device/disablelostmode')
    expectBadAnswer(answer)
    expect(answer.headers.location).toBeUndefined()
  })

  test('a body cut short becomes the envelope, not a broken connection', async () => {
    const answer = await sendRaw(port, {
      method: 'POST',
      path: '/api/mdm/v2/device/enablelostmode',
      body: '{"token":"t-1"}',
    })
    expect(answer.status).toBe(502)
    expect(JSON.parse(answer.text)).toMatchObject({ success: false, errorcode: '01900002' })
  })

  test('MDM_API_TIMEOUT_MS covers the whole answer: a body trickled in slowly gets 504', async () => {
    // Each piece arrives well within the limit; the whole takes far longer than it.
    const answer = await post('user/list')
    expect(answer.statusCode).toBe(504)
    expect(answer.json()).toMatchObject({ success: false, errorcode: '01900003' })
  })

  test('an answer beyond the cap is not read on: the envelope instead', async () => {
    // Time enough to send it all, on a busy machine too: only the cap may end it.
    const patient = await buildServer(
      testConfig(dist.dir, { MDM_API_URL: service.url, MDM_API_TIMEOUT_MS: '60000' }),
    )
    const answer = await patient.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/resetpasswordinfo',
      payload: { token: 't-1' },
      headers: { 'accept-language': 'de' },
    })
    await patient.close()
    expectBadAnswer(answer)
  })
})

describe('files', () => {
  test('an app image is served sandboxed', async () => {
    const image = await post('app/image', { token: 't-1', id: 'png' })
    expect(image.statusCode).toBe(200)
    expect(image.rawPayload.equals(PNG)).toBe(true)
    expect(image.headers['content-security-policy']).toBe(`${CONTENT_SECURITY_POLICY}; sandbox`)
  })

  test('HTML or SVG answered as an app image is refused', async () => {
    for (const id of ['html', 'svg']) {
      const answer = await post('app/image', { token: 't-1', id })
      expectBadAnswer(answer)
      expect(answer.body, id).not.toContain('<script>')
    }
    const query = encodeURIComponent(JSON.stringify({ token: 't-1', id: 'svg' }))
    expectBadAnswer(
      await app.inject({
        url: `/api/mdm/v2/app/image?json=${query}`,
        headers: { 'accept-language': 'de' },
      }),
    )
  })

  test('a profile is always an attachment, sandboxed; the Android profile (JSON) too', async () => {
    const apple = await post('user/mdmprofile', { token: 't-1', mdmtype: 'apple' })
    expect(apple.statusCode).toBe(200)
    expect(apple.headers['content-type']).toBe('application/x-apple-aspen-config')
    expect(apple.headers['content-disposition']).toBe('attachment; filename="enroll.mobileconfig"')
    expect(apple.headers['content-security-policy']).toMatch(/; sandbox$/)
    const android = await post('user/mdmprofile', { token: 't-1', mdmtype: 'android' })
    expect(android.json()).toEqual({ enrollmenttoken: 'abc' })
    expect(android.headers['content-disposition']).toBe('attachment')
    expect(android.headers['content-security-policy']).toMatch(/; sandbox$/)
  })

  test('HTML answered for a profile is refused, unless html: true asked for the page', async () => {
    const refused = await post('user/mdmprofile', { token: 't-1', mdmtype: 'html' })
    expectBadAnswer(refused)
    // Spec, User endpoints rule 6: "html true returns a web page instead of the file".
    const page = await post('user/mdmprofile', { token: 't-1', mdmtype: 'apple', html: true })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['content-security-policy']).toMatch(/; sandbox$/)
    expect(page.headers['content-disposition']).toBeUndefined()
  })
})

describe('HEAD', () => {
  test('is no method of the interface: refused as the embedded API refuses it, never passed on', async () => {
    const before = service.seen.length
    const png = encodeURIComponent(JSON.stringify({ token: 't-1', id: 'png' }))
    for (const url of ['/api/mdm/v2/device/list', `/api/mdm/v2/app/image?json=${png}`]) {
      const answer = await app.inject({ method: 'HEAD', url })
      expect(answer.statusCode, url).toBe(404)
    }
    expect(service.seen.length).toBe(before)
  })
})

describe('headers', () => {
  test('only the headers the interface uses are passed on, both ways', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token: 't-1' },
      headers: {
        'x-original-url': '/api/mdm/v2/user/delete',
        'x-http-method-override': 'DELETE',
        'x-rewrite-url': '/api/mdm/v2/user/delete',
        'content-encoding': 'identity',
        'cms-dhsc': 'true',
        'accept-language': 'de',
      },
    })
    expect(answer.statusCode).toBe(200)
    const seen = service.seen.at(-1)?.headers ?? {}
    for (const name of [
      'x-original-url',
      'x-http-method-override',
      'x-rewrite-url',
      'content-encoding',
    ]) {
      expect(seen[name], name).toBeUndefined()
    }
    expect(seen['cms-dhsc']).toBe('true')
    expect(seen['accept-language']).toBe('de')
    for (const name of ['location', 'refresh', 'link']) {
      expect(answer.headers[name], name).toBeUndefined()
    }
    expect(answer.headers['x-request-id']).toBe('r-1')
  })
})
