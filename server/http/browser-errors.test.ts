import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { logCollector, makeDist, startFakeService, testConfig } from '../testing/test-support.ts'

/**
 * A screen that threw in a browser reaches the operator's log: one `clientError` line at warn,
 * with the error's name and message, the route's pattern, the build and the browser's family,
 * nothing else (docs/security.md, "Errors in the browser"). Without a session, limited per address.
 */
const dist = makeDist()
const service = await startFakeService({})
const servers: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await service.close()
  dist.remove()
})

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

async function portal(env: Record<string, string> = {}) {
  const log = logCollector()
  const app = await buildServer(testConfig(dist.dir, { LOG_LEVEL: 'info', ...env }), {
    logStream: log.stream,
  })
  servers.push(app)
  const report = (payload: unknown, remoteAddress = '198.51.100.20') =>
    app.inject({
      method: 'POST',
      url: '/api/portal/client-errors',
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { 'content-type': 'application/json', 'user-agent': CHROME },
      remoteAddress,
    })
  const lines = () => log.parsed().filter((line) => line.msg === 'clientError')
  return { app, report, lines, log }
}

const GOOD = {
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'platform')",
  pattern: '/devices/:clientId',
  version: 'Bx7k2Q9a',
}

describe.each([
  ['embedded', {}],
  ['in front of a service', { MDM_API_URL: service.url }],
] as const)('%s', (_mode, env) => {
  test('a good report is logged once at warn with exactly its fields, and answered 204', async () => {
    const { report, lines } = await portal(env)
    const before = service.seen.length
    const answer = await report(GOOD)
    expect(answer.statusCode).toBe(204)
    expect(answer.body).toBe('')
    expect(lines()).toHaveLength(1)
    const [line] = lines()
    expect(line?.level).toBe(40)
    expect(line?.clientError).toEqual({ ...GOOD, browser: 'Chrome' })
    // Nothing of the request beyond the family: the header itself stays out.
    expect(JSON.stringify(line)).not.toContain('Chrome/140')
    // The portal's own: nothing goes to the service.
    expect(service.seen.length).toBe(before)
    // Without the version (a build that does not know its own).
    const { version: _version, ...unversioned } = GOOD
    expect((await report(unversioned)).statusCode).toBe(204)
    expect(lines()[1]?.clientError).toEqual({ ...unversioned, browser: 'Chrome' })
  })
})

describe('a report is refused in the envelope, and not logged', () => {
  test('an unknown member, a missing member, a wrong type, or a body that is no JSON: 400', async () => {
    const { report, lines } = await portal({ CLIENT_ERROR_RATE_LIMIT: '0' })
    const { pattern: _pattern, ...withoutPattern } = GOOD
    for (const payload of [
      { ...GOOD, stack: 'at https://portal.example.com/assets/x.js?token=abc' },
      { ...GOOD, email: 'anna@example.com' },
      withoutPattern,
      { ...GOOD, name: '' },
      { ...GOOD, message: 7 },
      { ...GOOD, message: 'x'.repeat(501) },
      [GOOD],
      '{"name":',
      'not json',
    ]) {
      const answer = await report(payload)
      const label = JSON.stringify(payload).slice(0, 60)
      expect(answer.statusCode, label).toBe(400)
      expect(answer.json(), label).toMatchObject({ success: false, errorcode: '01000001' })
    }
    expect(lines()).toEqual([])
  })

  test('a pattern that is an address (an id, a query, a fragment) or no route of the portal: 400', async () => {
    const { report, lines } = await portal({ CLIENT_ERROR_RATE_LIMIT: '0' })
    for (const pattern of [
      '/devices/ab12cd34',
      '/reset-password?token=secret-reset-token',
      '/devices/:clientId?tab=apps',
      '/devices/:clientId#apps',
      'https://portal.example.com/devices',
      '/nowhere',
    ]) {
      expect((await report({ ...GOOD, pattern })).statusCode, pattern).toBe(400)
    }
    expect(lines()).toEqual([])
    for (const pattern of ['/', '/admin', '/login', '/admin/users/:sid', '*']) {
      expect((await report({ ...GOOD, pattern })).statusCode, pattern).toBe(204)
    }
  })

  test('a body over the few KB a report needs: 413, in the envelope', async () => {
    const { report, lines } = await portal()
    const answer = await report({ ...GOOD, message: 'x'.repeat(8 * 1024) })
    expect(answer.statusCode).toBe(413)
    expect(answer.json()).toMatchObject({ success: false, errorcode: '01000004' })
    expect(lines()).toEqual([])
  })
})

test('the message loses what must not be logged: queries, e-mail addresses, tokens', async () => {
  const { report, lines } = await portal()
  const message =
    'Failed to fetch https://portal.example.com/api/mdm/v2/app/image?json={"token":"t"}#x for anna@example.com with eyJhbGciOiJIUzI1NiJ9eyJzdWIiOiJhbm5hIn0abcdefghij'
  expect((await report({ ...GOOD, message })).statusCode).toBe(204)
  expect(lines()[0]?.clientError).toMatchObject({
    message:
      'Failed to fetch https://portal.example.com/api/mdm/v2/app/image for [e-mail] with [redacted]',
  })
})

test('the limit per address: 429 in the envelope after CLIENT_ERROR_RATE_LIMIT a minute', async () => {
  const { report, lines } = await portal({ CLIENT_ERROR_RATE_LIMIT: '3' })
  for (let n = 1; n <= 3; n++) expect((await report(GOOD)).statusCode, `report ${n}`).toBe(204)
  const refused = await report(GOOD)
  expect(refused.statusCode).toBe(429)
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  expect(refused.json()).toMatchObject({ success: false, errorcode: '01900001' })
  expect(lines()).toHaveLength(3)
  // Another address has its own count.
  expect((await report(GOOD, '198.51.100.21')).statusCode).toBe(204)
})

test('the limit is 10 a minute unless set', async () => {
  const { report } = await portal()
  for (let n = 1; n <= 10; n++) expect((await report(GOOD)).statusCode, `report ${n}`).toBe(204)
  expect((await report(GOOD)).statusCode).toBe(429)
})
