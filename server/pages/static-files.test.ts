import type { FastifyInstance } from 'fastify'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import {
  ASSET_BODY,
  ASSET_PATH,
  INDEX_BODY,
  makeDist,
  testConfig,
} from '../testing/test-support.ts'

const dist = makeDist()
let app: FastifyInstance

beforeAll(async () => {
  app = await buildServer(
    testConfig(dist.dir, {
      HELPDESK_EMAIL: 'help@example.com',
      HELPDESK_PHONE: '+49 30 1234567',
      HELPDESK_URL: 'https://help.example.com/portal',
    }),
  )
})

afterAll(async () => {
  await app.close()
  dist.remove()
})

describe('source maps', () => {
  test('are kept out of the served files unless SERVE_SOURCE_MAPS=1', async () => {
    writeFileSync(join(dist.dir, `${ASSET_PATH.slice(1)}.map`), '{"version":3,"sources":[]}')
    const hidden = await app.inject({ url: `${ASSET_PATH}.map` })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.body).not.toContain('sources')
    const debugging = await buildServer(testConfig(dist.dir, { SERVE_SOURCE_MAPS: '1' }))
    const shown = await debugging.inject({ url: `${ASSET_PATH}.map` })
    await debugging.close()
    expect(shown.statusCode).toBe(200)
  })
})

describe('the built portal', () => {
  test('hashed assets are cached for a year, the page never, public files revalidated', async () => {
    const asset = await app.inject({ url: ASSET_PATH })
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe(ASSET_BODY)
    expect(asset.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const page = await app.inject({ url: '/' })
    expect(page.body).toBe(INDEX_BODY)
    expect(page.headers['cache-control']).toBe('no-store')

    const icon = await app.inject({ url: '/favicon.svg' })
    expect(icon.headers['cache-control']).toBe('no-cache')
  })

  test("the single-page app's routes get the page; files that are not there get a 404", async () => {
    for (const url of ['/devices', '/devices/abc%20def?x=1', '/reset-password?token=t&join=1']) {
      const route = await app.inject({ url })
      expect(route.statusCode, url).toBe(200)
      expect(route.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(route.headers['cache-control'], url).toBe('no-store')
    }
    const head = await app.inject({ method: 'HEAD', url: '/apps' })
    expect(head.statusCode).toBe(200)

    for (const url of ['/assets/index-OLDHASH1.js', '/missing.png', '/__test/settings']) {
      const missing = await app.inject({ url })
      expect(missing.statusCode, url).toBe(404)
      expect(missing.headers['content-type'], url).toBe('application/json; charset=utf-8')
    }
    const api = await app.inject({ url: '/api/other' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ success: false, errorcode: '01000005' })
  })

  test('the build’s own index.html, undrawn and in English, leads to the page at `/`', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const index = await app.inject({ method, url: '/index.html?from=bookmark' })
      expect(index.statusCode, method).toBe(301)
      expect(index.headers.location, method).toBe('/?from=bookmark')
      expect(index.headers['cache-control'], method).toBe('no-cache')
      expect(index.body, method).toBe('')
    }
  })

  test('text is compressed with brotli or gzip, the page included', async () => {
    for (const url of [ASSET_PATH, '/devices']) {
      const br = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })
      expect(br.headers['content-encoding'], url).toBe('br')
      expect(br.headers.vary, url).toMatch(/accept-encoding/i)
      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
      expect(gzip.headers['content-encoding'], url).toBe('gzip')
      const expected = url === ASSET_PATH ? ASSET_BODY : INDEX_BODY
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(expected)
      expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(expected)
    }
  })

  test('the runtime settings name the API, the demo and the help desk', async () => {
    const settings = await app.inject({ url: '/portal-config.json' })
    expect(settings.headers['cache-control']).toBe('no-cache')
    expect(settings.json()).toEqual({
      apiBaseUrl: '/api/mdm/v2',
      demo: true,
      helpdesk: {
        email: 'help@example.com',
        phone: '+49 30 1234567',
        url: 'https://help.example.com/portal',
        hours: null,
      },
      // Without branding settings: the portal's own name, mark and colour.
      branding: { name: null, logo: null, privacyUrl: null, termsUrl: null, signInNotice: null },
      // The demo API's token life, for the warning before a session ends.
      tokenTimes: { lifetimeMs: 3_600_000, renewalWindowMs: 600_000 },
      microsoft: null,
      passwordSignIn: true,
      map: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
      records: false,
    })
  })

  test('the health endpoint answers and is never cached', async () => {
    const health = await app.inject({ url: '/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok', records: 'off' })
    expect(health.headers['cache-control']).toBe('no-store')
  })
})

describe('a file that is not there', () => {
  const drawn = makeDist()
  let server: FastifyInstance

  beforeAll(async () => {
    // A renderer that names the address it draws and the language, as the build's draws them.
    writeFileSync(
      join(drawn.dir, 'index.html'),
      INDEX_BODY.replace('<div id="root"></div>', '<!--app-html-->'),
    )
    mkdirSync(join(drawn.dir, '.vite'))
    writeFileSync(join(drawn.dir, '.vite', 'manifest.json'), '{}')
    mkdirSync(join(drawn.dir, '.server'))
    writeFileSync(
      join(drawn.dir, '.server', 'render-page.js'),
      `export async function renderPage(url, language) {
        return { head: '', html: '<p>' + url + ' ' + language + '</p>', files: [] }
      }`,
    )
    server = await buildServer(testConfig(drawn.dir))
  })

  afterAll(async () => {
    await server.close()
    drawn.remove()
  })

  test('a browser gets the page that says "not found", in its language, whatever the address', async () => {
    for (const url of [
      '/nope.txt',
      '/favicon.ico',
      '/server/main.ts',
      '/assets/x.css',
      '/devices/a.png',
    ]) {
      const missing = await server.inject({
        url,
        headers: { accept: 'text/html,*/*;q=0.8', 'accept-language': 'de-DE,de;q=0.9' },
      })
      expect(missing.statusCode, url).toBe(404)
      expect(missing.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(missing.headers['cache-control'], url).toBe('no-store')
      expect(missing.body, url).toContain('<p>http://portal/not-found de</p>')
      expect(missing.headers['content-security-policy'], url).toContain("default-src 'self'")
    }
    // A script, or the browser asking for an image, gets a short answer.
    const image = await server.inject({ url: '/favicon.ico', headers: { accept: 'image/*' } })
    expect(image.statusCode).toBe(404)
    expect(image.json()).toEqual({ error: 'Not found' })
  })
})

test('without a build the server refuses to start and says why', async () => {
  await expect(buildServer(testConfig('/nonexistent-dist'))).rejects.toThrow(/npm run build/)
})

describe('a build with pre-compressed files', () => {
  const built = makeDist()
  let server: FastifyInstance

  beforeAll(async () => {
    // What the build writes beside each text file.
    for (const [file, body] of [
      ['index.html', INDEX_BODY],
      [ASSET_PATH.slice(1), ASSET_BODY],
    ] as const) {
      writeFileSync(join(built.dir, `${file}.br`), brotliCompressSync(body))
      writeFileSync(join(built.dir, `${file}.gz`), gzipSync(body))
    }
    server = await buildServer(testConfig(built.dir))
  })

  afterAll(async () => {
    await server.close()
    built.remove()
  })

  test('sends the stored brotli or gzip file, cached like the file it stands for', async () => {
    const asset = await server.inject({ url: ASSET_PATH, headers: { 'accept-encoding': 'br' } })
    expect(asset.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(ASSET_BODY)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const page = await server.inject({ url: '/devices', headers: { 'accept-encoding': 'gzip' } })
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(page.rawPayload).toString()).toBe(INDEX_BODY)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
  })
})

test('the web app manifest is served as one, and the browser asks for it again each time', async () => {
  const withManifest = makeDist()
  // @fastify/static learns the files when the server starts.
  writeFileSync(join(withManifest.dir, 'manifest.webmanifest'), '{"name":"Device Portal"}')
  const server = await buildServer(testConfig(withManifest.dir))
  const manifest = await server.inject({ url: '/manifest.webmanifest' })
  await server.close()
  withManifest.remove()
  expect(manifest.statusCode).toBe(200)
  expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/)
  expect(manifest.headers['cache-control']).toBe('no-cache')
  expect(manifest.headers['content-security-policy']).toContain("manifest-src 'self'")
})
