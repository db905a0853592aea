import { connect, type ClientHttp2Session } from 'node:http2'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import {
  makeDist,
  portOf,
  selfSignedCertificate,
  startFakeService,
  testConfig,
} from '../testing/test-support.ts'

const dist = makeDist()
const dir = mkdtempSync(join(tmpdir(), 'portal-h2-'))
const certificate = selfSignedCertificate(dir)
afterAll(() => {
  dist.remove()
  rmSync(dir, { recursive: true, force: true })
})

async function secureServer(env: Record<string, string> = {}) {
  if (!certificate) throw new Error('No certificate')
  const app = await buildServer(
    testConfig(dist.dir, {
      TLS_CERT_FILE: certificate.certFile,
      TLS_KEY_FILE: certificate.keyFile,
      ...env,
    }),
  )
  return { app, port: portOf(await app.listen({ port: 0, host: '127.0.0.1' })) }
}

function h2Request(
  session: ClientHttp2Session,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers)
    let text = ''
    let answer: Record<string, unknown> = {}
    stream.setEncoding('utf8')
    stream.on('response', (received) => (answer = received))
    stream.on('data', (chunk: string) => (text += chunk))
    stream.on('end', () =>
      resolve({ status: Number(answer[':status']), headers: answer, body: text }),
    )
    stream.on('error', reject)
    stream.end(body)
  })
}

function connectTo(port: number): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = connect(`https://localhost:${port}`, { ca: certificate?.cert })
    session.once('connect', () => resolve(session))
    session.once('error', reject)
  })
}

describe.skipIf(!certificate)('serving HTTPS itself: HTTP/2 beside HTTP/1.1', () => {
  test('a browser speaking HTTP/2 gets pages and the API on one connection', async () => {
    const { app, port } = await secureServer()
    const session = await connectTo(port)
    const [page, login] = await Promise.all([
      h2Request(session, { ':path': '/login', 'accept-language': 'de' }),
      h2Request(
        session,
        {
          ':path': '/api/mdm/v2/user/login',
          ':method': 'POST',
          'content-type': 'application/json',
        },
        JSON.stringify({ password: 'secret' }),
      ),
    ])
    session.close()
    await app.close()
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['strict-transport-security']).toBeDefined()
    // HTTP/2 forbids connection-specific headers (RFC 9113, 8.2.2).
    expect(page.headers.connection).toBeUndefined()
    expect(login.status).toBe(200)
    expect(JSON.parse(login.body)).toMatchObject({ success: false, errorcode: '01000003' })
  })

  test('a body that never arrives is answered 408 in the envelope, as over HTTP/1.1', async () => {
    // The service answers after the limit: a request that arrived whole is not cut off.
    const service = await startFakeService({
      '/api/mdm/v2/device/list': async () => {
        await new Promise((resolve) => setTimeout(resolve, 600))
        return { success: true, data: [] }
      },
    })
    const { app, port } = await secureServer({
      REQUEST_TIMEOUT_MS: '300',
      MDM_API_URL: service.url,
    })
    const session = await connectTo(port)
    const slow = session.request({
      ':path': '/api/mdm/v2/user/login',
      ':method': 'POST',
      'content-type': 'application/json',
      'content-length': '100',
      'accept-language': 'de',
    })
    slow.write('{')
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      let status = 0
      let body = ''
      slow.setEncoding('utf8')
      slow.on('response', (headers) => (status = Number(headers[':status'])))
      slow.on('data', (chunk: string) => (body += chunk))
      slow.on('close', () => resolve({ status, body }))
      slow.on('error', reject)
    })
    const whole = await h2Request(
      session,
      { ':path': '/api/mdm/v2/device/list', ':method': 'POST', 'content-type': 'application/json' },
      JSON.stringify({ token: 'some-token' }),
    )
    const { status, body } = await answer
    session.close()
    await app.close()
    await service.close()
    expect(whole.status).toBe(200)
    expect(JSON.parse(whole.body)).toMatchObject({ success: true, data: [] })
    expect(status).toBe(408)
    expect(JSON.parse(body)).toMatchObject({ success: false, tokenstatus: null })
  })

  test('HTTP/1.1 on the same port still works', async () => {
    const { app, port } = await secureServer()
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/healthz', ca: certificate?.cert }, (response) => {
        response.resume()
        resolve(response.statusCode)
      })
        .on('error', reject)
        .end()
    })
    await app.close()
    expect(status).toBe(200)
  })

  test("closing the server ends a browser's idle HTTP/2 connection rather than waiting for it", async () => {
    const { app, port } = await secureServer()
    const session = await connectTo(port)
    await h2Request(session, { ':path': '/healthz' })
    const ended = new Promise<void>((resolve) => session.once('close', resolve))
    const started = performance.now()
    await app.close()
    await ended
    // Without GOAWAY the connection would hold the server until its idle timeout (minutes).
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
