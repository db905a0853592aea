import type { FastifyInstance } from 'fastify'
import { connect } from 'node:net'
import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { makeDist, portOf, startFakeService, testConfig } from '../testing/test-support.ts'

/**
 * The request line exactly as `curl --request-target <target> http://127.0.0.1:PORT/` sends it:
 * an absolute-form target (RFC 9112 section 3.2.2) with the Host header of the portal.
 */
function sendTarget(port: number, target: string, body: string, host = `127.0.0.1:${port}`) {
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', rest = ''] = text.split('\r\n\r\n', 2)
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1])
      const chunked = /transfer-encoding: chunked/i.test(head)
      const json = chunked ? rest.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n/gi, '') : rest
      resolve({ status, json: JSON.parse(json.trim() || '{}') as Record<string, unknown> })
    })
    socket.write(
      [
        `POST ${target} HTTP/1.1`,
        `Host: ${host}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    )
  })
}

const dist = makeDist()
const service = await startFakeService({
  '/api/mdm/v2/user/login': (_request, reply) => reply.code(200).send({ success: false }),
  '/api/mdm/v2/user/forgotpassword': (_request, reply) => reply.send({ success: true }),
  // The service knows the token a test signs out: only such a sign-out is kept.
  '/api/mdm/v2/user/info': (_request, reply) => reply.send({ success: true, userinfo: {} }),
  '/api/mdm/v2/device/list': (_request, reply) => reply.send({ success: true, data: [] }),
})
const servers: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await service.close()
  dist.remove()
})

async function portal(env: Record<string, string>) {
  const app = await buildServer(testConfig(dist.dir, { MDM_API_URL: service.url, ...env }))
  servers.push(app)
  return portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
}

const login = (username: string) =>
  JSON.stringify({ type: 'basic', usertype: 'user', username, password: 'wrong' })

/** How many requests to this endpoint reached the service. */
const reached = (path: string) => service.seen.filter((seen) => seen.url === path).length

describe('an absolute-form request target', () => {
  test('for another host is refused before it reaches the limits or the service', async () => {
    const port = await portal({ LOGIN_RATE_LIMIT: '5' })
    const before = reached('/api/mdm/v2/user/login')
    for (const target of [
      'http://x/api/mdm/v2/user/login',
      'HTTPS://example.com:443/api/mdm/v2/user/login',
      `http://user@127.0.0.1:${port}/api/mdm/v2/user/login`,
    ]) {
      const answer = await sendTarget(port, target, login('anna@example.com'))
      expect(answer.status, target).toBe(400)
      expect(answer.json, target).toMatchObject({ success: false, errorcode: '01000001' })
    }
    // The asterisk form names no path at all.
    expect((await sendTarget(port, '*', login('anna@example.com'))).status).toBe(400)
    expect(reached('/api/mdm/v2/user/login')).toBe(before)
  })

  test('for this host counts toward the sign-in limit per account', async () => {
    const port = await portal({ LOGIN_RATE_LIMIT: '5' })
    const before = reached('/api/mdm/v2/user/login')
    const target = `http://127.0.0.1:${port}/api/mdm/v2/user/login`
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 8; attempt++) {
      statuses.push((await sendTarget(port, target, login('anna@example.com'))).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    expect(reached('/api/mdm/v2/user/login')).toBe(before + 5)
  })

  test('for this host counts toward the ceiling per address', async () => {
    const port = await portal({ LOGIN_RATE_LIMIT: '5', LOGIN_ADDRESS_RATE_LIMIT: '3' })
    const target = `http://127.0.0.1:${port}/api/mdm/v2/user/%6Cogin`
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 5; attempt++) {
      statuses.push((await sendTarget(port, target, login(`user${attempt}@example.com`))).status)
    }
    expect(statuses.slice(3)).toEqual([429, 429])
  })

  test('for this host counts toward the forgot-password limit: no more mails go out', async () => {
    const port = await portal({ FORGOT_PASSWORD_RATE_LIMIT: '2' })
    const before = reached('/api/mdm/v2/user/forgotpassword')
    const target = `http://127.0.0.1:${port}/api/mdm/v2/user/forgotpassword`
    const body = JSON.stringify({ emailaddress: 'anna@example.com', usertype: 'user' })
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 5; attempt++) {
      statuses.push((await sendTarget(port, target, body)).status)
    }
    expect(statuses).toEqual([200, 200, 429, 429, 429])
    expect(reached('/api/mdm/v2/user/forgotpassword')).toBe(before + 2)
  })

  test('in proxy mode, a signed-out token never reaches the service, whichever host it names', async () => {
    const port = await portal({})
    const serviceHost = new URL(service.url).host
    await sendTarget(port, '/api/portal/sign-out', JSON.stringify({ token: 'ended-token' }))
    const before = reached('/api/mdm/v2/device/list')
    const body = JSON.stringify({ token: 'ended-token' })
    const elsewhere = await sendTarget(port, `http://${serviceHost}/api/mdm/v2/device/list`, body)
    expect(elsewhere.status).toBe(400)
    const here = await sendTarget(port, `http://127.0.0.1:${port}/api/mdm/v2/device/list`, body)
    expect(here.status).toBe(401)
    expect(here.json).toMatchObject({ success: false, errorcode: '01900012' })
    // The service's own host in the Host header too: the path is read, and the token refused.
    const spoofed = await sendTarget(
      port,
      `http://${serviceHost}/api/mdm/%762/device/list`,
      body,
      serviceHost,
    )
    expect(spoofed.status).toBe(401)
    expect(reached('/api/mdm/v2/device/list')).toBe(before)
    const live = await sendTarget(port, '/api/mdm/v2/device/list', '{"token":"live-token"}')
    expect(live.status).toBe(200)
  })
})
