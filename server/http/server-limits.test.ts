import type { FastifyInstance } from 'fastify'
import { connect, type Socket } from 'node:net'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../app.ts'
import { makeDist, portOf, startFakeService, testConfig } from '../testing/test-support.ts'

const dist = makeDist()
const service = await startFakeService({})
const servers: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await service.close()
  dist.remove()
})

async function listening(env: Record<string, string>) {
  const app = await buildServer(testConfig(dist.dir, env))
  servers.push(app)
  return portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
}

/** A connection that sends `text` and resolves with all it received once the server closed it. */
function openSocket(port: number, text = '', localAddress = '127.0.0.1') {
  const socket: Socket = connect({ port, host: '127.0.0.1', localAddress })
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (received += chunk))
  socket.on('error', () => {})
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)))
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()))
  if (text) socket.write(text)
  return { socket, closed, connected }
}

const SLOW_UPLOAD = [
  'POST /api/mdm/v2/user/login HTTP/1.1',
  'Host: portal.test',
  'Content-Type: application/json',
  'Content-Length: 100',
  '',
  '{',
].join('\r\n')

describe('clients that hold connections', () => {
  test.each([
    ['the embedded API', {}],
    ['a real service', { MDM_API_URL: service.url }],
  ])('in front of %s, a body that never arrives is cut off with 408', async (_name, env) => {
    const port = await listening({ ...env, REQUEST_TIMEOUT_MS: '300' })
    const { closed } = openSocket(port, SLOW_UPLOAD)
    expect(await closed).toMatch(/^HTTP\/1\.1 408/)
    expect(service.seen).toHaveLength(0)
  })

  test('headers that never end are cut off too', async () => {
    const port = await listening({ REQUEST_TIMEOUT_MS: '300' })
    const { closed } = openSocket(port, 'GET / HTTP/1.1\r\nHost: portal.test\r\nX-Slow: 1')
    expect(await closed).toMatch(/^HTTP\/1\.1 408/)
  })

  test('beyond MAX_CONNECTIONS a new connection is closed at once', async () => {
    const port = await listening({ MAX_CONNECTIONS: '2' })
    const held = [openSocket(port), openSocket(port)]
    await Promise.all(held.map((connection) => connection.connected))
    const refused = openSocket(port, 'GET /healthz HTTP/1.1\r\nHost: portal.test\r\n\r\n')
    expect(await refused.closed).toBe('')
    for (const connection of held) connection.socket.destroy()
  })
})

describe('a client that holds many connections', () => {
  test('gets at most MAX_CONNECTIONS_PER_ADDRESS of them; other addresses still get in', async () => {
    const port = await listening({ MAX_CONNECTIONS: '10', MAX_CONNECTIONS_PER_ADDRESS: '2' })
    const held = [openSocket(port), openSocket(port)]
    await Promise.all(held.map((connection) => connection.connected))
    const refused = openSocket(
      port,
      'GET /healthz HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n',
    )
    expect(await refused.closed).toBe('')
    const other = openSocket(
      port,
      'GET /healthz HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n',
      '127.0.0.2',
    )
    expect(await other.closed).toMatch(/^HTTP\/1\.1 200/)
    // A connection that ends makes room for the next one from the same address.
    held[0]?.socket.destroy()
    await held[0]?.closed
    await vi.waitFor(
      async () => {
        const next = openSocket(
          port,
          'GET /healthz HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n',
        )
        expect(await next.closed).toMatch(/^HTTP\/1\.1 200/)
      },
      { timeout: 3_000, interval: 50 },
    )
    held[1]?.socket.destroy()
  })
})

/** The status, headers and body of a raw answer. */
function parseAnswer(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n')
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body }
}

describe("Node's own answers", () => {
  test.each([
    ['408, a body that never arrives', SLOW_UPLOAD, 408, 'The request did not arrive in time'],
    [
      '431, headers too large',
      `POST /api/mdm/v2/device/list HTTP/1.1\r\nHost: portal.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'The request headers are too large.',
    ],
    [
      '400, bytes that are no HTTP',
      'POST /api/mdm/v2/device/list HTTP/1.1\r\nHost: portal.test\r\nNo colon here\r\n\r\n',
      400,
      'The request could not be read.',
    ],
  ])(
    '%s: the security headers, and under /api the envelope',
    async (_name, text, status, message) => {
      const port = await listening({ REQUEST_TIMEOUT_MS: '300' })
      const answer = parseAnswer(await openSocket(port, text).closed)
      expect(answer.status).toBe(status)
      expect(answer.headers).toMatchObject({
        'content-security-policy': expect.stringContaining("default-src 'self'"),
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
      })
      expect(JSON.parse(answer.body)).toMatchObject({
        success: false,
        errorcode: expect.stringMatching(/^\d{8}$/),
        errormessage: expect.stringContaining(message),
        tokenstatus: null,
      })
    },
  )

  test.each([
    [
      '431, an address too long',
      `GET /devices/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: portal.test\r\n\r\n`,
      431,
      'This request is too large',
      'Diese Anfrage ist zu groß',
    ],
    [
      // Node cannot tell which part overflowed once the request comes in several pieces, as it
      // does over TLS, so the page names both likely causes.
      '431, cookies too large',
      `GET /devices HTTP/1.1\r\nHost: portal.test\r\nCookie: sso=${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'or your browser sends too many or too large cookies',
      'oder Ihr Browser sendet für diese Website zu viele oder zu große Cookies',
    ],
    [
      '400, bytes that are no HTTP',
      'NOT HTTP AT ALL\r\n\r\n',
      400,
      'The request could not be read',
      'Die Anfrage konnte nicht gelesen werden',
    ],
  ])(
    '%s: outside /api a page in English and German, with no script allowed',
    async (_name, text, status, english, german) => {
      const port = await listening({})
      const answer = parseAnswer(await openSocket(port, text).closed)
      expect(answer.status).toBe(status)
      expect(answer.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        connection: 'close',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
      })
      const policy = answer.headers['content-security-policy']
      expect(policy).toContain("default-src 'none'")
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).not.toContain('script-src')
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body))
      // English first, then German, each a way back to the start.
      expect(answer.body.indexOf(english)).toBeGreaterThan(-1)
      expect(answer.body.indexOf(german)).toBeGreaterThan(answer.body.indexOf(english))
      expect(answer.body).toContain('<section lang="de">')
      expect(answer.body.match(/<a href="\/">/g)).toHaveLength(2)
      expect(answer.body).not.toMatch(/<script|aaaaaaaa/)
    },
  )
})
