import type { FastifyInstance } from 'fastify'
import { once } from 'node:events'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { LINKS_PATH } from '../sessions/links/one-time-links.ts'
import { makeLink } from '../testing/test-portals.ts'
import { answerRequestsInFlight } from '../http/shutdown.ts'
import { closedPort, logCollector, makeDist, portOf, testConfig } from '../testing/test-support.ts'
import { PROFILE_END, PROFILE_START, startSlowService } from '../testing/slow-service.ts'

const LINK_PATH = `${LINKS_PATH}/[redacted]`

/** Far longer than any test may run: whatever ends the service's request, it is never this. */
const TIMEOUT_MS = 10 * 60_000

const dist = makeDist()
afterAll(() => dist.remove())

let service: Awaited<ReturnType<typeof startSlowService>>
let app: FastifyInstance
let port: number
let metricsPort: number
let log: ReturnType<typeof logCollector>

beforeEach(async () => {
  service = await startSlowService()
  metricsPort = await closedPort()
  log = logCollector()
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
  return async () => {
    service.close()
    await app.close()
  }
})

/** A browser's request to the portal, on a connection of its own; resolves with its answer. */
function ask(method: string, path: string, body?: string, world?: string) {
  const outgoing = httpRequest({
    agent: false,
    host: '127.0.0.1',
    port,
    method,
    path,
    headers: {
      'accept-language': 'de',
      ...(world ? { 'x-mdm-world': world } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
  })
  outgoing.end(body)
  return once(outgoing, 'response').then(([response]) => response as IncomingMessage)
}

async function text(response: IncomingMessage) {
  response.setEncoding('utf8')
  let all = ''
  for await (const chunk of response) all += String(chunk)
  return all
}

/**
 * A profile's download with its headers sent (the shutdown lets it finish): the server cannot
 * close before it ends, as a real download holds a stopping portal until its deadline.
 */
async function downloadUnderWay() {
  const profile = ask(
    'GET',
    `/api/mdm/v2/user/mdmprofile?json=${encodeURIComponent(
      JSON.stringify({ mdmtype: 'apple', token: 't-1' }),
    )}`,
  )
  await service.arrival('user/mdmprofile')
  const response = await profile
  expect(response.statusCode).toBe(200)
  return text(response)
}

/** The shutdown's steps (closeOnSignals): the server closes, then the waiting requests get 504. */
function shutDown() {
  const closed = app.close()
  return { answered: answerRequestsInFlight(app), closed }
}

/** The service's answers as `/metrics` counts them, for one endpoint: `{ status: count }`. */
async function counted(endpoint: string) {
  const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
  const counts: Record<string, number> = {}
  const series = /^portal_service_response_seconds_count\{(.*)\} (\d+)$/gm
  for (const [, labels = '', count = '0'] of metrics.matchAll(series)) {
    const status = /status="([^"]*)"/.exec(labels)?.[1] ?? ''
    if (labels.includes(`endpoint="/api/mdm/v2/${endpoint}"`)) counts[status] = Number(count)
  }
  return counts
}

/** The shutdown's answer as it was before the service's requests were ended: 504, localized. */
async function expectShutdownAnswer(response: IncomingMessage) {
  expect(response.statusCode).toBe(504)
  expect(JSON.parse(await text(response))).toEqual({
    success: false,
    errorcode: '01900003',
    errormessage:
      'Der Gerätedienst hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es später erneut.',
    tokenstatus: null,
  })
}

/**
 * The request's one line says 504 and that the shutdown answered it; nothing else is said of it
 * (no 499 abandoned, no failure of the service, no answer sent twice).
 */
function expectLoggedOnceAsShutdown(path: string) {
  const lines = log.parsed()
  const ids = new Set(lines.filter((line) => line.path === path).map((line) => line.reqId))
  const about = lines.filter((line) => ids.has(line.reqId))
  expect(about).toEqual([
    expect.objectContaining({ msg: 'request', level: 40, status: 504, shutdown: true }),
  ])
  // Nor is anything warned of after it, by this request or any other.
  const warned = lines.filter((line) => Number(line.level) >= 40)
  expect(warned.every((line) => line.msg === 'request' && line.shutdown === true)).toBe(true)
}

describe('a request the shutdown answers while it waits for the service', () => {
  test("before the service's headers: its request to the service is closed at once", async () => {
    const download = downloadUnderWay()
    const waiting = ask('POST', '/api/mdm/v2/device/list', '{"token":"t-1"}')
    const { closed: closedByPortal } = await service.arrival('device/list')
    const { answered, closed } = shutDown()
    // The download already has its headers: it goes on.
    expect(answered).toBe(1)
    await expectShutdownAnswer(await waiting)
    // Without the abort this waits for the ten minutes of MDM_API_TIMEOUT_MS, or for the
    // download to end and the portal to close: the test fails.
    await closedByPortal
    expect(await counted('device/list')).toEqual({ shutdown: 1 })
    service.finishProfile()
    expect(await download).toBe(PROFILE_START + PROFILE_END)
    await closed
    expectLoggedOnceAsShutdown('/api/mdm/v2/device/list')
  })

  test('reading a JSON answer whole: its request to the service is closed at once', async () => {
    const download = downloadUnderWay()
    const waiting = ask('POST', '/api/mdm/v2/device/info', '{"token":"t-1"}')
    const { closed: closedByPortal } = await service.arrival('device/info')
    const { answered, closed } = shutDown()
    expect(answered).toBe(1)
    await expectShutdownAnswer(await waiting)
    await closedByPortal
    // The service did answer, when its headers came.
    expect(await counted('device/info')).toEqual({ 200: 1 })
    service.finishProfile()
    expect(await download).toBe(PROFILE_START + PROFILE_END)
    await closed
    expectLoggedOnceAsShutdown('/api/mdm/v2/device/info')
  })
})

describe("a one-time link's download the shutdown answers while it waits for the service", () => {
  test('its request to the service is closed at once, and each request is logged once', async () => {
    const { url } = await makeLink(
      app,
      { mdmtype: 'apple', token: 't-1' },
      { 'x-mdm-world': 'headers-late' },
    )
    const download = downloadUnderWay()
    const device = ask('GET', url, undefined, 'headers-late')
    const { closed: closedByPortal } = await service.arrival('user/mdmprofile, headers late')
    const { closed } = shutDown()
    // The link's own request, and the one it made of the API for the device.
    await expectShutdownAnswer(await device)
    await closedByPortal
    // The download counts the profile the service sent; the link's its shutdown.
    expect(await counted('user/mdmprofile')).toEqual({ 200: 1, shutdown: 1 })
    service.finishProfile()
    expect(await download).toBe(PROFILE_START + PROFILE_END)
    await closed
    expectLoggedOnceAsShutdown(LINK_PATH)
    expectLoggedOnceAsShutdown('/api/mdm/v2/user/mdmprofile')
  })
})
