import type { FastifyInstance } from 'fastify'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { hasAmbiguousSegments } from './request-paths.ts'
import {
  ASSET_PATH,
  makeDist,
  portOf,
  sendRaw,
  startFakeService,
  testConfig,
} from '../testing/test-support.ts'

const dist = makeDist()
const service = await startFakeService({
  '/api/mdm/v2/user/login': (_request, reply) => reply.send({ success: false }),
  '/api/mdm/v2/user/forgotpassword': (_request, reply) => reply.send({ success: true }),
})
const servers: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await service.close()
  dist.remove()
})

async function listening(app: FastifyInstance) {
  servers.push(app)
  return portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
}

/** The paths of the issue: each names sign-in or forgot password once a server resolves it. */
const DOTTED = [
  '/api/mdm/v2/user/./login',
  '/api/mdm/v2/./user/login',
  '/api/mdm/v2/user/%2e/login',
  '/api/mdm/v2/user/%2E%2e/user/login',
  '/api/mdm/v2/user/./forgotpassword',
  '/api/mdm/v2/user%2flogin',
  '/api/mdm/v2/user\\login',
]

describe('paths a server would resolve differently', () => {
  test('in front of a real service they are refused with 400 and never counted or forwarded', async () => {
    const port = await listening(
      await buildServer(testConfig(dist.dir, { MDM_API_URL: service.url, LOGIN_RATE_LIMIT: '1' })),
    )
    const body = JSON.stringify({ username: 'anna@example.com', emailaddress: 'anna@example.com' })
    for (const path of DOTTED) {
      const answer = await sendRaw(port, { method: 'POST', path, body })
      expect(answer.status, path).toBe(400)
      expect(JSON.parse(answer.text), path).toMatchObject({
        success: false,
        errorcode: '01000001',
        tokenstatus: null,
      })
    }
    expect(service.seen).toHaveLength(0)
    // The plain path is still counted: one attempt, then the limit.
    const path = '/api/mdm/v2/user/login'
    const login = JSON.stringify({ username: 'anna@example.com', password: 'x' })
    expect((await sendRaw(port, { method: 'POST', path, body: login })).status).toBe(200)
    expect((await sendRaw(port, { method: 'POST', path, body: login })).status).toBe(429)
  })

  test('the embedded API refuses them too, outside /api a plain 400', async () => {
    const port = await listening(await buildServer(testConfig(dist.dir)))
    const answer = await sendRaw(port, { method: 'GET', path: '/api/mdm/v2/user/./login' })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toMatchObject({ errorcode: '01000001' })
    const page = await sendRaw(port, { method: 'GET', path: '/devices/../account' })
    expect(page.status).toBe(400)
    expect(JSON.parse(page.text)).toEqual({ error: 'Bad request' })
  })

  test('hasAmbiguousSegments looks at whole segments only', () => {
    expect(hasAmbiguousSegments('/api/mdm/v2/user/login?json=..')).toBe(false)
    expect(hasAmbiguousSegments('/assets/index...js')).toBe(false)
    expect(hasAmbiguousSegments('/api/mdm/v2/user/.;x/login')).toBe(true)
    expect(hasAmbiguousSegments('/api/mdm/v2/user/login/..')).toBe(true)
  })
})

describe('a URL that cannot be decoded', () => {
  test('under /api the portal answers the envelope in the language of the request', async () => {
    const app = await buildServer(testConfig(dist.dir))
    servers.push(app)
    const answer = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/%zz',
      headers: { 'accept-language': 'de' },
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.headers['content-security-policy']).toBeDefined()
    expect(answer.json()).toEqual({
      success: false,
      errorcode: '01000001',
      errormessage: 'Die Anfrage konnte nicht gelesen werden.',
      tokenstatus: null,
    })
  })

  test('a page the browser opens says so in its language, with a way back, and never repeats the URL', async () => {
    const port = await listening(await buildServer(testConfig(dist.dir)))
    const headers = {
      accept: 'text/html,application/xhtml+xml',
      'accept-language': 'de-DE,de;q=0.9',
    }
    // One the router cannot decode, and one that names another path once resolved.
    for (const path of ['/devices/%E0%A4%A<b>', '/devices/../account']) {
      const answer = await sendRaw(port, { method: 'GET', path, headers })
      expect(answer.status, path).toBe(400)
      expect(answer.type).toMatch(/^text\/html/)
      expect(answer.text).toContain('<html lang="de">')
      expect(answer.text).toMatch(/<h1[^>]*>Diese Adresse ist ungültig<\/h1>/)
      expect(answer.text).toContain('<a href="/">Zum Portal</a>')
      expect(answer.text).not.toContain('<b>')
      expect(answer.text).not.toContain('account')
    }
    const english = await sendRaw(port, {
      method: 'GET',
      path: '/devices/%zz',
      headers: { accept: 'text/html', 'accept-language': 'en' },
    })
    expect(english.text).toMatch(/<h1[^>]*>This address is not valid<\/h1>/)
  })

  test('the page is drawn in the portal’s frame: its styles, icon and header, none of its code', async () => {
    const built = makeDist()
    writeFileSync(
      join(built.dir, 'index.html'),
      [
        '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
        '<link rel="preload" href="/portal-config.json" as="fetch" crossorigin="anonymous" />',
        '<title>Device Portal</title>',
        "<script>document.documentElement.dataset.theme = 'light'</script>",
        `<script type="module" crossorigin src="${ASSET_PATH}"></script>`,
        '<link rel="modulepreload" crossorigin href="/assets/chunk-1.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
        '</head><body><div id="root"></div></body></html>',
      ].join(''),
    )
    const port = await listening(await buildServer(testConfig(built.dir)))
    const answer = await sendRaw(port, {
      method: 'GET',
      path: '/devices/%E0%A4%A',
      headers: { accept: 'text/html', 'accept-language': 'en', cookie: 'portal-language=de' },
    })
    // Its policy allows the page's own inline script (the theme), as on every page.
    const policy = async (path: string) =>
      (
        await fetch(`http://127.0.0.1:${port}${path}`, { headers: { accept: 'text/html' } })
      ).headers.get('content-security-policy')
    expect(await policy('/devices/%E0%A4%A')).toBe(await policy('/login'))
    expect(await policy('/login')).toMatch(/script-src[^;]*'sha256-/)
    built.remove()
    expect(answer.status).toBe(400)
    // The icon is named, so the browser asks for no /favicon.ico (which the portal has not).
    expect(answer.text).toContain('<link rel="icon" href="/favicon.svg"')
    expect(answer.text).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">')
    expect(answer.text).not.toMatch(/<script type="module"|modulepreload|portal-config/)
    // The language the visitor chose in the portal, over the browser's.
    expect(answer.text).toContain('<html lang="de">')
    expect(answer.text).toContain('<title>Diese Adresse ist ungültig · Geräteportal</title>')
    expect(answer.text).toMatch(/<header class="header">[\s\S]*<a href="\/" class="brand">/)
    expect(answer.text).toContain('<h1 class="page__title">Diese Adresse ist ungültig</h1>')
  })
})
