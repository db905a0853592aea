import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { redactUrl } from './logging.ts'
import { LINKS_PATH } from '../sessions/links/one-time-links.ts'
import { closedPort, logCollector, makeDist, testConfig } from '../testing/test-support.ts'
import { signIn } from '../mdm/test-client.ts'

const dist = makeDist()
afterAll(() => dist.remove())

const PASSWORD = 'Demo-Pass-1'
const SECRETS = [
  PASSWORD,
  'Old-Secret-Pw-1',
  'New-Secret-Pw-2',
  'reset-token-from-a-link',
  'api-key-in-a-header',
  'token-in-a-body',
]

describe('request logs', () => {
  test('one JSON line per request, and never a password, token or API key', async () => {
    const log = logCollector()
    const app = await buildServer(testConfig(dist.dir, { LOG_LEVEL: 'info' }), {
      logStream: log.stream,
    })
    const token = await signIn(app)
    const profileQuery = encodeURIComponent(JSON.stringify({ mdmtype: 'apple', token }))
    await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/changepassword',
      payload: {
        token,
        oldpassword: 'Old-Secret-Pw-1',
        newpassword: 'New-Secret-Pw-2',
        confirmnewpassword: 'New-Secret-Pw-2',
      },
    })
    await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/forgotpassword',
      payload: { emailaddress: 'anna@example.com', usertype: 'user' },
    })
    const outbox = await app.inject({ url: '/outbox.json' })
    const mailed = [...outbox.body.matchAll(/token=([\w-]+)/g)].map((match) => match[1] ?? '')
    expect(mailed.length).toBeGreaterThan(0)
    await app.inject({ url: `/api/mdm/v2/user/mdmprofile?json=${profileQuery}` })
    await app.inject({ url: '/reset-password?token=reset-token-from-a-link&join=1' })
    await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/resetpasswordinfo',
      payload: '{"token":"reset-token-from-a-link", broken',
      headers: { 'content-type': 'application/json', authorization: 'Api-Key api-key-in-a-header' },
    })
    await app.close()

    const lines = log.parsed()
    const requests = lines.filter((line) => line.msg === 'request')
    expect(requests.map((line) => `${line.method} ${line.status}`)).toEqual([
      'POST 200',
      'POST 200',
      'POST 200',
      'GET 200',
      'GET 200',
      'GET 200',
      // Broken JSON is refused with 400, in both modes.
      'POST 400',
    ])
    expect(requests[4]).toMatchObject({
      path: '/api/mdm/v2/user/mdmprofile?json=[redacted]',
      ip: '127.0.0.1',
      ms: expect.any(Number),
      reqId: expect.any(String),
    })
    expect(requests[5]?.path).toBe('/reset-password?token=[redacted]&join=1')

    const everything = log.lines.join('\n')
    for (const secret of [...SECRETS, token, ...mailed]) {
      expect(secret.length).toBeGreaterThan(8)
      expect(everything).not.toContain(secret)
    }
  })

  test('a failure in front of a real service is logged without the body', async () => {
    const log = logCollector()
    const app = await buildServer(
      testConfig(dist.dir, {
        LOG_LEVEL: 'info',
        MDM_API_URL: `http://127.0.0.1:${await closedPort()}`,
      }),
      { logStream: log.stream },
    )
    const response = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/login',
      payload: { username: 'anna@example.com', password: PASSWORD, token: 'token-in-a-body' },
    })
    await app.close()
    expect(response.statusCode).toBe(502)
    const lines = log.parsed()
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ status: 502 })
    const everything = log.lines.join('\n')
    for (const secret of SECRETS) expect(everything).not.toContain(secret)
  })
})

test('redactUrl keeps the path and harmless parameters, and hides every other value', () => {
  expect(redactUrl('/devices')).toBe('/devices')
  expect(redactUrl('/apps?device=c-1')).toBe('/apps?device=c-1')
  expect(redactUrl('/x?json=%7B%22token%22%3A%22t%22%7D')).toBe('/x?json=[redacted]')
  expect(redactUrl('/x?Token=a&token=b&join=1&flag')).toBe(
    '/x?Token=[redacted]&token=[redacted]&join=1&flag=[redacted]',
  )
  expect(redactUrl(`/x?a=${'y'.repeat(2000)}`)).toBe('/x?a=[redacted]')
  expect(redactUrl('/api/portal/links/Abc-123_x?x=1')).toBe(
    '/api/portal/links/[redacted]?x=[redacted]',
  )
  expect(redactUrl('/API/Portal/Links/Abc-123_x')).toBe('/API/Portal/Links/[redacted]')
  // The address the links declare (LINKS_PATH) is the one redacted.
  expect(redactUrl(`${LINKS_PATH}/Abc-123_x`)).toBe(`${LINKS_PATH}/[redacted]`)
})

test('a one-time link’s id never goes into the request log, opened or looked at', async () => {
  const log = logCollector()
  const app = await buildServer(testConfig(dist.dir, { LOG_LEVEL: 'info' }), {
    logStream: log.stream,
  })
  const token = await signIn(app)
  const created = await app.inject({
    method: 'POST',
    url: '/api/portal/links',
    payload: { path: 'user/mdmprofile', body: { mdmtype: 'apple', token } },
  })
  const url: string = created.json().url
  const id = url.split('/').pop() ?? ''
  expect(id.length).toBeGreaterThan(8)
  // A preview leaves the link live; opening it spends it.
  expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200)
  await app.inject({ url, headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } })
  await app.inject({ url })
  await app.close()
  const paths = log.parsed().flatMap((line) => (line.msg === 'request' ? [line.path] : []))
  expect(paths).toContain('/api/portal/links/[redacted]')
  expect(log.lines.join('\n')).not.toContain(id)
})
