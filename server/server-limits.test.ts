import type { FastifyInstance } from 'fastify'
import { connect, type Socket } from 'node:net'
import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from './app.ts'
import { makeDist, portOf, startFakeService, testConfig } from './test-support.ts'

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
function openSocket(port: number, text = '') {
  const socket: Socket = connect(port, '127.0.0.1')
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
