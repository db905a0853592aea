import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { readConfig } from './config.ts'

describe('readConfig', () => {
  test('METRICS_PORT: off by default, never the public port', () => {
    expect(readConfig({}).metricsPort).toBeNull()
    expect(readConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464)
    expect(() => readConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(/differ from PORT/)
  })

  test('without settings: the demo on port 8080, limits on, nothing trusted', () => {
    const config = readConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      mdmApiUrl: null,
      portalUrl: 'http://localhost:8080',
      proxyTimeoutMs: 25_000,
      rateLimits: {
        login: 10,
        forgotPassword: 5,
        loginPerAddress: 300,
        forgotPasswordPerAddress: 60,
      },
      redisUrl: null,
      redisDeadlineMs: 200,
      requestTimeoutMs: 30_000,
      maxConnections: 10_000,
      signedOutTokenTtlMs: 86_400_000,
      trustProxy: false,
      tls: null,
      testMode: false,
      helpdesk: { email: null, phone: null, url: null },
      logLevel: 'info',
    })
  })

  test("MDM_API_URL is the service's base address, however it was pasted", () => {
    expect(readConfig({ MDM_API_URL: 'https://mdm.example.com' }).mdmApiUrl).toBe(
      'https://mdm.example.com',
    )
    expect(readConfig({ MDM_API_URL: 'https://mdm.example.com/tenant/' }).mdmApiUrl).toBe(
      'https://mdm.example.com/tenant',
    )
    expect(readConfig({ MDM_API_URL: 'https://mdm.example.com/api/mdm/v2/' }).mdmApiUrl).toBe(
      'https://mdm.example.com',
    )
    expect(() => readConfig({ MDM_API_URL: 'mdm.example.com' })).toThrow(/MDM_API_URL/)
    expect(() => readConfig({ MDM_API_URL: 'ftp://mdm.example.com' })).toThrow(/https:\/\//)
    expect(() => readConfig({ MDM_API_URL: 'https://user:pw@mdm.example.com' })).toThrow(
      /credentials/,
    )
  })

  test('TRUST_PROXY: off, a number of proxies, or their addresses; never everyone', () => {
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    // Trusting everyone would take the leftmost X-Forwarded-For, which any client writes.
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^TRUST_PROXY=true would believe any X-Forwarded-For.*number of proxies.*addresses/,
    )
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY has "yes"/)
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/)
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8')
    // Subnets that together hold every address trust everyone, however they are split.
    for (const everyone of [
      '0.0.0.0/0',
      '0.0.0.0/1,128.0.0.0/1',
      '10.0.0.1, 128.0.0.0/1, 0.0.0.0/2, 64.0.0.0/2',
      '::/0',
      '::/1,8000::/1',
      '::ffff:0.0.0.0/97, ::ffff:128.0.0.0/97',
      '::ffff:0:0/96',
    ]) {
      expect(() => readConfig({ TRUST_PROXY: everyone }), everyone).toThrow(
        /^TRUST_PROXY names subnets that together hold every IPv[46] address.*number of proxies/,
      )
    }
    expect(readConfig({ TRUST_PROXY: '0.0.0.0/1,::/1' }).trustProxy).toBe('0.0.0.0/1,::/1')
    expect(readConfig({ TRUST_PROXY: '::ffff:10.0.0.0/104' }).trustProxy).toBe(
      '::ffff:10.0.0.0/104',
    )
    expect(readConfig({ TRUST_PROXY: 'fe80::1%eth0' }).trustProxy).toBe('fe80::1%eth0')
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toBe('10.0.0.0/8,::1')
    const oneHop = readConfig({ TRUST_PROXY: '1' }).trustProxy
    if (typeof oneHop !== 'function') throw new Error('A hop count becomes a function')
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false])
  })

  test('the help desk link must be a web address, the e-mail an e-mail', () => {
    expect(() => readConfig({ HELPDESK_URL: 'javascript:alert(1)' })).toThrow(/HELPDESK_URL/)
    expect(() => readConfig({ HELPDESK_EMAIL: 'not an address' })).toThrow(/HELPDESK_EMAIL/)
    expect(readConfig({ HELPDESK_URL: 'https://help.example.com/it' }).helpdesk.url).toBe(
      'https://help.example.com/it',
    )
  })

  test('numbers, limits, log level and TLS files are checked at start-up', () => {
    const config = readConfig({
      LOGIN_RATE_LIMIT: '0',
      FORGOT_PASSWORD_RATE_LIMIT: '3',
      MDM_API_TIMEOUT_MS: '5000',
      TLS_CERT_FILE: '/etc/portal/cert.pem',
      TLS_KEY_FILE: '/etc/portal/key.pem',
    })
    expect(config.rateLimits).toEqual({
      login: 0,
      forgotPassword: 3,
      loginPerAddress: 300,
      forgotPasswordPerAddress: 60,
    })
    expect(config.proxyTimeoutMs).toBe(5000)
    expect(config.portalUrl).toBe('https://localhost:8080')
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => readConfig({ LOGIN_RATE_LIMIT: '-1' })).toThrow(/LOGIN_RATE_LIMIT/)
    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    expect(() => readConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/)
    expect(() => readConfig({ RATE_LIMIT_REDIS_URL: 'http://cache:6379' })).toThrow(/redis:\/\//)
    expect(readConfig({ RATE_LIMIT_REDIS_URL: 'redis://cache:6379/2' }).redisUrl).toBe(
      'redis://cache:6379/2',
    )
    expect(readConfig({ RATE_LIMIT_REDIS_DEADLINE_MS: '50' }).redisDeadlineMs).toBe(50)
    expect(() => readConfig({ RATE_LIMIT_REDIS_DEADLINE_MS: '0' })).toThrow(
      /RATE_LIMIT_REDIS_DEADLINE_MS/,
    )
    expect(() => readConfig({ TLS_CERT_FILE: '/etc/portal/cert.pem' })).toThrow(/TLS_KEY_FILE/)
  })

  test.each([
    ['true', /TRUST_PROXY=true would believe any X-Forwarded-For/],
    ['0.0.0.0/0', /TRUST_PROXY names subnets that together hold every IPv4 address/],
  ])(
    'the server refuses to start with TRUST_PROXY=%s, and says why in one sentence',
    (value, why) => {
      const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { ...process.env, TRUST_PROXY: value, PORT: '0', HOST: '127.0.0.1' },
        encoding: 'utf8',
        // Only against a start that hangs: on a busy machine loading the server takes a while.
        timeout: 120_000,
      })
      expect(started.status).toBe(1)
      expect(started.stderr).toMatch(new RegExp(`^The portal cannot start: ${why.source}`))
      // A sentence, never a stack trace.
      expect(started.stderr).not.toMatch(/\n\s+at /)
    },
    150_000,
  )
})
