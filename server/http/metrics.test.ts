import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../app.ts'
import {
  closedPort,
  makeDist,
  recordsReachable,
  startFakeService,
  testConfig,
} from '../testing/test-support.ts'

/** `/metrics` in Prometheus' format, on METRICS_PORT only. */
const dist = makeDist()
const dataDir = mkdtempSync(join(tmpdir(), 'portal-metrics-'))
let issued = 0
const service = await startFakeService({
  '/api/mdm/v2/user/login': (_request, reply) =>
    reply.send({ success: true, errorcode: null, token: `service-token-${++issued}` }),
  '/api/mdm/v2/device/list': (_request, reply) =>
    reply.code(503).send({ success: false, errorcode: '01000001' }),
})
let app: FastifyInstance
let metricsPort: number

beforeAll(async () => {
  metricsPort = await closedPort()
  app = await buildServer(
    testConfig(dist.dir, {
      MDM_API_URL: service.url,
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      LOGIN_ADDRESS_RATE_LIMIT: '2',
      PORTAL_RECORDS: '1',
      PORTAL_DATA_DIR: dataDir,
    }),
  )
  await app.ready()
  // PGlite takes seconds to open, more on a busy machine: the records are counted once it is.
  await recordsReachable(app, { timeout: 90_000, interval: 200 })
}, 120_000)
afterAll(async () => {
  await app.close()
  await service.close()
  dist.remove()
  rmSync(dataDir, { recursive: true, force: true })
})

const scrape = async () => {
  const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return answer.text()
}
const signIn = () =>
  app.inject({
    method: 'POST',
    url: '/api/mdm/v2/user/login',
    payload: { type: 'basic', usertype: 'user', username: 'anna@example.com', password: 'x' },
  })

describe('metrics', { timeout: 40_000 }, () => {
  test('the public port has no /metrics', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await app.inject({ method, url: '/metrics' })
      expect(answer.statusCode).toBe(404)
      expect(answer.body).not.toContain('http_request_duration_seconds')
    }
  })

  test('without METRICS_PORT nothing is counted or served', async () => {
    const plain = await buildServer(testConfig(dist.dir, { MDM_API_URL: service.url }))
    expect(plain.hasDecorator('metrics')).toBe(false)
    expect((await plain.inject({ url: '/metrics' })).statusCode).toBe(404)
    await plain.close()
  })

  test('requests by route and status, the service’s times, refusals and the records', async () => {
    expect((await signIn()).statusCode).toBe(200)
    const list = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token: 'service-token-1' },
    })
    expect(list.statusCode).toBe(503)
    await app.inject({ method: 'POST', url: '/api/mdm/v2/no/such-endpoint', payload: {} })
    // LOGIN_ADDRESS_RATE_LIMIT=2: the third sign-in from this address in a minute is refused.
    await signIn()
    expect((await signIn()).statusCode).toBe(429)

    await vi.waitFor(
      async () => {
        expect(await scrape()).toMatch(/^portal_records_written_total [1-9]/m)
      },
      { timeout: 20_000, interval: 200 },
    )
    const text = await scrape()
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/mdm\/v2\/user\/login",status_code="200"\} 2$/m,
    )
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/mdm\/v2\/device\/list",status_code="503"\} 1$/m,
    )
    expect(text).toMatch(
      /^portal_service_response_seconds_count\{endpoint="\/api\/mdm\/v2\/user\/login",status="200"\} 2$/m,
    )
    expect(text).toMatch(
      /^portal_service_response_seconds_count\{endpoint="\/api\/mdm\/v2\/device\/list",status="503"\} 1$/m,
    )
    // A path outside the table never reaches the service and adds no series of its own.
    expect(text).not.toMatch(/^portal_service_response_seconds_count\{endpoint="other"/m)
    expect(text).not.toContain('such-endpoint')
    expect(text).toMatch(/^portal_rate_limit_refusals_total\{limit="login:address"\} 1$/m)
    expect(text).toMatch(/^portal_records_queued 0$/m)
    expect(text).toMatch(/^portal_records_dropped_total 0$/m)
    expect(text).toMatch(/^process_cpu_seconds_total /m)
    expect(text).not.toContain('service-token')
  })
})
