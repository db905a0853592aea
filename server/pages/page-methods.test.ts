import type { FastifyInstance } from 'fastify'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { logCollector, makeDist, portOf, testConfig } from '../testing/test-support.ts'

const dist = makeDist()
const log = logCollector()
let app: FastifyInstance
let port: number

beforeAll(async () => {
  app = await buildServer(testConfig(dist.dir, { LOG_LEVEL: 'info' }), { logStream: log.stream })
  port = portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
})

afterAll(async () => {
  await app.close()
  dist.remove()
})

/**
 * What the server sends on a connection that sends `text`, and whether it then closed the
 * connection (an answer that leaves it open is taken whole a second after it began).
 */
function exchange(text: string) {
  const socket = connect({ port, host: '127.0.0.1' })
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (received += chunk))
  socket.on('error', () => {})
  socket.write(text)
  return new Promise<{ answer: string; closed: boolean }>((resolve) => {
    socket.on('close', () => resolve({ answer: received, closed: true }))
    socket.once('data', () => {
      setTimeout(() => {
        resolve({ answer: received, closed: false })
        socket.destroy()
      }, 1000).unref()
    })
  })
}

describe('a request to a page with another method than GET', () => {
  test('a form sent before the portal took its page over gets the page again, its body unread and unlogged', async () => {
    // A drawn form (a password link's, its token in the query), sent as a browser sends it; the
    // body announces far more than it brings: only an answer that leaves it unread ends it.
    const sent = 'email=anna%40example.com&password=Form-Secret-1'
    const { answer, closed } = await exchange(
      [
        'POST /reset-password?token=link-token HTTP/1.1',
        'Host: portal.test',
        'Accept: text/html',
        'Content-Type: application/x-www-form-urlencoded',
        `Content-Length: ${10 * 1024 * 1024}`,
        '',
        sent,
      ].join('\r\n'),
    )
    expect(answer).toMatch(/^HTTP\/1\.1 303 /)
    expect(answer).toMatch(/\r\nlocation: \/reset-password\?token=link-token\r\n/i)
    expect(answer).toMatch(/\r\ncache-control: no-store\r\n/i)
    expect(answer).toMatch(/\r\ncontent-security-policy: default-src 'self'/i)
    expect(answer).toMatch(/\r\nconnection: close\r\n/i)
    expect(closed).toBe(true)
    expect(log.lines.join('\n')).not.toMatch(/Form-Secret-1|anna%40example/)

    // Whatever its type, and the address is always the portal's own.
    for (const [url, location] of [
      ['/login', '/login'],
      ['/devices/abc?tab=apps', '/devices/abc?tab=apps'],
      ['//elsewhere.example/login', '/elsewhere.example/login'],
    ]) {
      const json = await app.inject({ method: 'POST', url, payload: { password: 'x' } })
      expect(json.statusCode, url).toBe(303)
      expect(json.headers.location, url).toBe(location)
    }
    // A backslash, which a browser reads as a slash, is refused before any redirect (sent raw:
    // a URL parser would turn it into a slash).
    const { answer: backslash } = await exchange(
      [
        'POST /\\elsewhere.example/login HTTP/1.1',
        'Host: portal.test',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    )
    expect(backslash).toMatch(/^HTTP\/1\.1 400 /)
    expect(backslash).not.toMatch(/\r\nlocation:/i)
  })

  test('any other method is told which ones a page takes, a browser in its language', async () => {
    const page = await app.inject({ url: '/login' })
    for (const method of ['DELETE', 'PUT', 'PATCH', 'OPTIONS'] as const) {
      const refused = await app.inject({
        method,
        url: '/devices',
        headers: { accept: 'text/html', cookie: 'portal-language=de', 'accept-language': 'en' },
      })
      expect(refused.statusCode, method).toBe(405)
      expect(refused.headers.allow, method).toBe('GET, HEAD')
      expect(refused.headers['content-type'], method).toBe('text/html; charset=utf-8')
      expect(refused.body, method).toContain(
        '<title>Diese Seite kann nur geöffnet werden · Geräteportal</title>',
      )
      expect(refused.body, method).toContain('<a href="/">Zum Portal</a>')
      for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy']) {
        expect(refused.headers[header], `${method} ${header}`).toBe(page.headers[header])
      }
    }
    const script = await app.inject({ method: 'DELETE', url: '/login' })
    expect(script.statusCode).toBe(405)
    expect(script.headers.allow).toBe('GET, HEAD')
    expect(script.json()).toEqual({ error: 'Method not allowed' })
    const english = await app.inject({
      method: 'PUT',
      url: '/login',
      headers: { accept: 'text/html', 'accept-language': 'en-GB' },
    })
    expect(english.body).toContain('<title>This page can only be opened · Device Portal</title>')
    // One the test injector does not know.
    const { answer: trace } = await exchange(
      'TRACE /login HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n',
    )
    expect(trace).toMatch(/^HTTP\/1\.1 405 [^]*\r\nallow: GET, HEAD\r\n/i)
  })

  test('the API and the files answer as they did', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/other', payload: {} })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ success: false, errorcode: '01000005' })
    const deleted = await app.inject({ method: 'DELETE', url: '/api/mdm/v2/device/list' })
    expect(deleted.statusCode).toBe(404)
    expect(deleted.json()).toMatchObject({ success: false, errorcode: '01000005' })
    const file = await app.inject({ method: 'POST', url: '/favicon.svg' })
    expect(file.statusCode).toBe(404)
    expect(file.json()).toEqual({ error: 'Not found' })
    const health = await app.inject({ url: '/healthz' })
    expect(health.statusCode).toBe(200)
  })
})
