import type { FastifyInstance } from 'fastify'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, constants as http2 } from 'node:http2'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { LINKS_PATH } from '../sessions/links/one-time-links.ts'
import { makeLink } from '../testing/test-portals.ts'
import {
  closedPort,
  logCollector,
  makeDist,
  portOf,
  selfSignedCertificate,
  testConfig,
} from '../testing/test-support.ts'
import { startSlowService } from '../testing/slow-service.ts'

const LINK_PATH = `${LINKS_PATH}/[redacted]`

/** Far longer than any test may run: whatever ends the service's request, it is never this. */
const TIMEOUT_MS = 10 * 60_000

let service: Awaited<ReturnType<typeof startSlowService>>
const dist = makeDist()
const log = logCollector()
let app: FastifyInstance
let port: number
let metricsPort: number

beforeAll(async () => {
  service = await startSlowService()
  metricsPort = await closedPort()
  app = await buildServer(
    testConfig(dist.dir, {
      MDM_API_URL: service.url,
      MDM_API_TIMEOUT_MS: String(TIMEOUT_MS),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'info',
    }),
    { logStream: log.stream },
  )
  port = portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
})

afterAll(async () => {
  service.close()
  await app.close()
  dist.remove()
})

/** A browser's request to the portal that the test can drop, as a closed tab does. */
function ask(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): ClientRequest {
  const outgoing = httpRequest({
    // A connection of its own, as a tab's: the test may wait on its closing.
    agent: false,
    host: '127.0.0.1',
    port,
    method,
    path,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
  })
  // The portal's side of a dropped request is what the test reads; the client's error is its own.
  outgoing.on('error', () => {})
  outgoing.end(body)
  return outgoing
}

/** The log's lines about the request to this path (its query cut off), as an operator reads them. */
function linesAbout(path: string) {
  const lines = log.parsed()
  const ids = new Set(
    lines.filter((line) => String(line.path).split('?')[0] === path).map((line) => line.reqId),
  )
  return lines.filter((line) => ids.has(line.reqId))
}

/** The service's answers as `/metrics` counts them, for one endpoint: `{ status: count }`. */
async function counted(endpoint: string) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
  const counts: Record<string, number> = {}
  const series = /^portal_service_response_seconds_count\{(.*)\} (\d+)$/gm
  for (const [, labels = '', count = '0'] of text.matchAll(series)) {
    const status = /status="([^"]*)"/.exec(labels)?.[1] ?? ''
    if (labels.includes(`endpoint="/api/mdm/v2/${endpoint}"`)) counts[status] = Number(count)
  }
  return counts
}

/**
 * The request's line says the client abandoned it (499, as nginx logs a closed request), at
 * info; nothing calls it the service's failure, slowness or a broken answer.
 */
function expectLoggedAsAbandoned(path: string) {
  const lines = linesAbout(path)
  expect(lines.filter((line) => line.msg === 'request')).toEqual([
    expect.objectContaining({
      level: 30,
      method: expect.any(String),
      status: 499,
      abandoned: true,
    }),
  ])
  expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([])
}

/** The device's request of a one-time link is logged as abandoned, and so is the service's. */
function expectLinkLoggedAsAbandoned() {
  const requests = log.parsed().filter((line) => line.msg === 'request')
  const opened = requests.filter((line) => line.method === 'GET' && line.path === LINK_PATH)
  expect(opened.at(-1)).toMatchObject({ level: 30, status: 499, abandoned: true })
  const passed = requests.filter((line) => line.path === '/api/mdm/v2/user/mdmprofile')
  expect(passed.at(-1)).toMatchObject({ level: 30, status: 499, abandoned: true })
  const ids = new Set([opened.at(-1)?.reqId, passed.at(-1)?.reqId])
  const warned = log.parsed().filter((line) => ids.has(line.reqId) && Number(line.level) >= 40)
  expect(warned).toEqual([])
}

const profileLink = `/api/mdm/v2/user/mdmprofile?json=${encodeURIComponent(
  JSON.stringify({ mdmtype: 'apple', token: 't-1' }),
)}`

describe('a request the client abandons', () => {
  test("still waiting for the service's headers: the service's request is closed at once", async () => {
    const browser = ask('POST', '/api/mdm/v2/device/list', '{"token":"t-1"}')
    const arrival = await service.arrival('device/list')
    browser.destroy()
    // Without the abort this waits for the ten minutes of MDM_API_TIMEOUT_MS: the test fails.
    await arrival.closed
    expectLoggedAsAbandoned('/api/mdm/v2/device/list')
    // Counted as abandoned, not as the service unreachable or late.
    expect(await counted('device/list')).toEqual({ abandoned: 1 })
  })

  test("a profile's download (the enrollment page's link) cancelled mid-file: the service's request is closed at once", async () => {
    const browser = ask('GET', profileLink)
    const [response] = (await once(browser, 'response')) as [IncomingMessage]
    expect(response.statusCode).toBe(200)
    await once(response, 'data')
    const arrival = await service.arrival('user/mdmprofile')
    browser.destroy()
    await arrival.closed
    expectLoggedAsAbandoned('/api/mdm/v2/user/mdmprofile')
    // The service did answer, when its headers came.
    expect(await counted('user/mdmprofile')).toEqual({ 200: 1 })
  })

  test("a JSON answer the portal is reading whole: the service's request is closed at once", async () => {
    const browser = ask('POST', '/api/mdm/v2/device/info', '{"token":"t-1"}')
    // The service's write drained: the portal has its headers and is reading the body.
    const arrival = await service.arrival('device/info')
    browser.destroy()
    await arrival.closed
    expectLoggedAsAbandoned('/api/mdm/v2/device/info')
    expect(await counted('device/info')).toEqual({ 200: 1 })
  })
})

describe('an answer the service breaks off', () => {
  test('is not logged as abandoned by the client', async () => {
    const before = log.lines.length
    const connected = once(app.server, 'connection') as Promise<[Socket]>
    const browser = ask('GET', profileLink, undefined, { 'x-mdm-world': 'cut-short' })
    const [socket] = await connected
    const [response] = (await once(browser, 'response')) as [IncomingMessage]
    expect(response.statusCode).toBe(200)
    response.on('error', () => {}).resume()
    // The portal cuts the download short in turn: its side of the connection closes.
    await once(socket, 'close')
    // The service's error is warned of, as before; nothing says the client left.
    expect(log.parsed().slice(before)).toEqual([
      expect.objectContaining({ level: 40, err: expect.objectContaining({ type: 'SocketError' }) }),
    ])
  })
})

describe("a one-time link's download the device abandons", () => {
  test("before the service's headers: the service's request is closed at once", async () => {
    const world = { 'x-mdm-world': 'headers-late' }
    const { url } = await makeLink(app, { mdmtype: 'apple', token: 't-1' }, world)
    const device = ask('GET', url)
    const arrival = await service.arrival('user/mdmprofile, headers late')
    device.destroy()
    await arrival.closed
    expectLinkLoggedAsAbandoned()
  })

  test("mid-profile: the service's request is closed at once", async () => {
    const { url } = await makeLink(app, { mdmtype: 'apple', token: 't-1' })
    const device = ask('GET', url)
    const [response] = (await once(device, 'response')) as [IncomingMessage]
    expect(response.statusCode).toBe(200)
    await once(response, 'data')
    const arrival = await service.arrival('user/mdmprofile')
    device.destroy()
    await arrival.closed
    expectLinkLoggedAsAbandoned()
  })
})

describe('over HTTP/2', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-h2-abandon-'))
  const certificate = selfSignedCertificate(dir)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  test.skipIf(!certificate)(
    "a request the browser cancels (its stream reset): the service's request is closed at once",
    async () => {
      if (!certificate) return
      const secure = await buildServer(
        testConfig(dist.dir, {
          MDM_API_URL: service.url,
          MDM_API_TIMEOUT_MS: String(TIMEOUT_MS),
          TLS_CERT_FILE: certificate.certFile,
          TLS_KEY_FILE: certificate.keyFile,
        }),
      )
      const securePort = portOf(await secure.listen({ port: 0, host: '127.0.0.1' }))
      const session = connect(`https://localhost:${securePort}`, { ca: certificate.cert })
      try {
        const stream = session.request({
          ':path': '/api/mdm/v2/device/list',
          ':method': 'POST',
          'content-type': 'application/json',
        })
        stream.on('error', () => {})
        stream.end('{"token":"t-1"}')
        const arrival = await service.arrival('device/list')
        // The connection stays: only this request is cancelled, as a browser does.
        stream.close(http2.NGHTTP2_CANCEL)
        await arrival.closed
      } finally {
        session.close()
        await secure.close()
      }
    },
  )
})
