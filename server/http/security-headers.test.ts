import type { FastifyInstance } from 'fastify'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { get } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import {
  CONTENT_SECURITY_POLICY,
  CONTENT_SECURITY_POLICY_HTTPS,
  contentSecurityPolicy,
  inlineHashes,
  PERMISSIONS_POLICY,
  STRICT_TRANSPORT_SECURITY,
} from './security-headers.ts'
import {
  ASSET_PATH,
  makeDist,
  portOf,
  selfSignedCertificate,
  testConfig,
} from '../testing/test-support.ts'
import { signIn } from '../mdm/test-client.ts'

const dist = makeDist()
let app: FastifyInstance
let token = ''

beforeAll(async () => {
  app = await buildServer(testConfig(dist.dir, { TRUST_PROXY: '1' }))
  token = await signIn(app)
})

afterAll(async () => {
  await app.close()
  dist.remove()
})

const EXPECTED = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
}

function getFile(path: string, body: Record<string, unknown>) {
  return `/api/mdm/v2/${path}?json=${encodeURIComponent(JSON.stringify({ ...body, token }))}`
}

describe('security headers', () => {
  test('the policy lets the portal work and forbids the rest', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
    expect(CONTENT_SECURITY_POLICY).toContain("img-src 'self' blob: data:")
    expect(CONTENT_SECURITY_POLICY).not.toContain('upgrade-insecure-requests')
    expect(CONTENT_SECURITY_POLICY_HTTPS).toContain('upgrade-insecure-requests')
  })

  test('every kind of answer carries them', async () => {
    const answers = {
      page: { url: '/', status: 200 },
      asset: { url: ASSET_PATH, status: 200 },
      route: { url: '/devices/some-device', status: 200 },
      settings: { url: '/portal-config.json', status: 200 },
      health: { url: '/healthz', status: 200 },
      outbox: { url: '/outbox', status: 200 },
      'missing file': { url: '/assets/gone-12345678.js', status: 404 },
      'api json': { url: '/api/mdm/v2/user/info', method: 'POST', payload: { token }, status: 200 },
      'api failure': { url: '/api/mdm/v2/user/info', method: 'POST', payload: {}, status: 401 },
      'api unknown': { url: '/api/mdm/v2/nothing/here', method: 'POST', payload: {}, status: 404 },
      'api image': { url: getFile('app/image', { id: 'AU8' }), status: 200 },
      'api profile': { url: getFile('user/mdmprofile', { mdmtype: 'apple' }), status: 200 },
      'api page': {
        url: getFile('user/mdmprofile', { mdmtype: 'apple', html: true }),
        status: 200,
      },
      'not found': { url: '/nothing.txt', method: 'DELETE', status: 404 },
      'form sent to a page': { url: '/login', method: 'POST', payload: {}, status: 303 },
      'method a page does not take': { url: '/nothing', method: 'DELETE', status: 405 },
      'index.html': { url: '/index.html', status: 301 },
      'bad url': { url: '/%zz', status: 400 },
    } as const
    for (const [kind, answer] of Object.entries(answers)) {
      const response = await app.inject({
        method: 'method' in answer ? answer.method : 'GET',
        url: answer.url,
        ...('payload' in answer ? { payload: answer.payload } : {}),
      })
      expect(response.statusCode, kind).toBe(answer.status)
      expect(response.headers, kind).toMatchObject(EXPECTED)
      expect(response.headers['strict-transport-security'], kind).toBeUndefined()
      expect(response.headers['x-powered-by'], kind).toBeUndefined()
      expect(response.headers.server, kind).toBeUndefined()
    }
  })

  test('over HTTPS behind a trusted proxy: HSTS and upgrade-insecure-requests', async () => {
    const response = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })
    expect(response.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY)
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY_HTTPS)
  })

  test('without TRUST_PROXY a client cannot claim HTTPS', async () => {
    const untrusting = await buildServer(testConfig(dist.dir))
    const response = await untrusting.inject({
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    })
    await untrusting.close()
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('serving HTTPS itself', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-tls-'))
  const certificate = selfSignedCertificate(dir)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  test.skipIf(!certificate)('with TLS_CERT_FILE and TLS_KEY_FILE, HSTS is sent', async () => {
    if (!certificate) return
    const secure = await buildServer(
      testConfig(dist.dir, {
        TLS_CERT_FILE: certificate.certFile,
        TLS_KEY_FILE: certificate.keyFile,
      }),
    )
    const port = portOf(await secure.listen({ port: 0, host: '127.0.0.1' }))
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/healthz', ca: certificate.cert }, (response) => {
        response.resume()
        resolve(response.headers)
      }).on('error', reject)
    })
    await secure.close()
    expect(headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY)
    expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY_HTTPS)
  })
})

describe('inline scripts', () => {
  test("the policy allows the page's own inline script and style by their hashes, and no others", () => {
    const code = 'document.documentElement.dataset.theme="dark"'
    const page = `<head><script>${code}</script><script type="module" src="/a.js"></script><style>h1{margin:0}</style></head>`
    const hashes = inlineHashes(page, 'script')
    const expected = `'sha256-${createHash('sha256').update(code).digest('base64')}'`
    expect(hashes).toEqual([expected])
    const policy = contentSecurityPolicy({ https: false, scriptHashes: hashes })
    expect(policy).toContain(`script-src 'self' ${expected};`)
    expect(policy).not.toContain('unsafe-inline')
    expect(contentSecurityPolicy({ https: false })).toContain("script-src 'self';")

    const style = `'sha256-${createHash('sha256').update('h1{margin:0}').digest('base64')}'`
    expect(inlineHashes(page, 'style')).toEqual([style])
    expect(
      contentSecurityPolicy({ https: false, styleHashes: inlineHashes(page, 'style') }),
    ).toContain(`style-src 'self' ${style};`)
  })
})
