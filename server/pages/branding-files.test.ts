import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { brandingFiles, LOGO_POLICY } from './branding-files.ts'
import { brandingSettings, readBranding } from './branding.ts'
import { makeDist, testConfig } from '../testing/test-support.ts'

const HEAD =
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />' +
  '<link rel="manifest" href="/manifest.webmanifest" />' +
  '<meta name="theme-color" content="#1f4e8c" media="(prefers-color-scheme: light)" />'
const dist = makeDist()
const folder = mkdtempSync(join(tmpdir(), 'portal-branding-files-'))
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.alert(1)</script></svg>'
let branded: FastifyInstance
let plain: FastifyInstance

beforeAll(async () => {
  writeFileSync(
    join(dist.dir, 'index.html'),
    `<!doctype html><html lang="en"><head>${HEAD}<title>Device Portal</title></head><body><div id="root"></div></body></html>`,
  )
  writeFileSync(
    join(dist.dir, 'manifest.webmanifest'),
    JSON.stringify({ id: '/', name: 'Device Portal', start_url: '/', icons: [] }),
  )
  writeFileSync(join(folder, 'logo.svg'), LOGO)
  branded = await buildServer(
    testConfig(dist.dir, {
      BRANDING_NAME_EN: 'Acme Devices',
      BRANDING_NAME_DE: 'Acme Geräte',
      BRANDING_LOGO: join(folder, 'logo.svg'),
      BRANDING_ACCENT_COLOR: '#0a5c36',
    }),
  )
  plain = await buildServer(testConfig(dist.dir))
})

afterAll(async () => {
  await Promise.all([branded.close(), plain.close()])
  dist.remove()
  rmSync(folder, { recursive: true, force: true })
})

async function page(app: FastifyInstance, language = 'en') {
  return app.inject({ url: '/', headers: { 'accept-language': language } })
}

describe("the organisation's files", () => {
  test('the page links the logo, the accent sheet and a manifest in its language', async () => {
    const html = (await page(branded, 'de')).body
    const logo =
      /<link rel="icon" href="(\/branding\/logo-[0-9a-f]{16}\.svg)" type="image\/svg\+xml"/.exec(
        html,
      )?.[1]
    expect(logo).toBeDefined()
    expect(html).toContain('<link rel="manifest" href="/branding/manifest-de.webmanifest" />')
    expect(html).toContain('<meta name="theme-color" content="#0a5c36"')
    const sheet = /<link rel="stylesheet" href="(\/branding\/accent-[0-9a-f]{16}\.css)">/.exec(
      html,
    )?.[1]
    const css = await branded.inject({ url: sheet ?? '/missing' })
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(css.body).toContain('--color-primary:#0a5c36')
  })

  test("the manifest carries the organisation's name in each language and its logo", async () => {
    const de = await branded.inject({ url: '/branding/manifest-de.webmanifest' })
    expect(de.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
    expect(de.json()).toMatchObject({
      id: '/',
      name: 'Acme Geräte',
      short_name: 'Acme Geräte',
      theme_color: '#0a5c36',
      icons: [{ type: 'image/svg+xml', sizes: 'any', purpose: 'any' }],
    })
    expect(de.json().description).toBe('Self-Service-Portal für Ihre dienstlichen Geräte')
    expect((await branded.inject({ url: '/branding/manifest-en.webmanifest' })).json().name).toBe(
      'Acme Devices',
    )
    expect((await branded.inject({ url: '/branding/manifest-fr.webmanifest' })).statusCode).toBe(
      404,
    )
  })

  test('an SVG logo comes with a policy that runs no script, even opened on its own', async () => {
    const html = (await page(branded)).body
    const path = /href="(\/branding\/logo-[^"]+)"/.exec(html)?.[1] ?? '/missing'
    const logo = await branded.inject({ url: path })
    expect(logo.statusCode).toBe(200)
    expect(logo.body).toBe(LOGO)
    expect(logo.headers['content-type']).toBe('image/svg+xml')
    expect(logo.headers['x-content-type-options']).toBe('nosniff')
    expect(logo.headers['content-security-policy']).toBe(LOGO_POLICY)
    expect(LOGO_POLICY).toMatch(/script-src 'none'.*sandbox/)
  })

  test("the pages' own policy is the same as an unbranded portal's", async () => {
    const [mine, theirs] = await Promise.all([page(branded), page(plain)])
    expect(mine.headers['content-security-policy']).toBe(theirs.headers['content-security-policy'])
  })

  test('without branding the page keeps its look and links the manifest in its language', async () => {
    const html = (await page(plain, 'de')).body
    expect(html).toContain(HEAD.replace('/manifest.webmanifest', '/manifest-de.webmanifest'))
    expect(html).not.toContain('/branding/')
    expect((await plain.inject({ url: '/branding/manifest-en.webmanifest' })).statusCode).toBe(404)
    const de = await plain.inject({ url: '/manifest-de.webmanifest' })
    expect(de.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
    expect(de.json()).toMatchObject({
      id: '/',
      name: 'Geräteportal',
      short_name: 'Geräte',
      description: 'Self-Service-Portal für Ihre dienstlichen Geräte',
    })
    expect((await plain.inject({ url: '/manifest-en.webmanifest' })).json().description).toBe(
      'Self-service portal for your work devices',
    )
    expect((await plain.inject({ url: '/manifest-fr.webmanifest' })).statusCode).toBe(404)
  })

  test("a branded portal's short pages (a used-up or unknown link) show its name, logo and colour", async () => {
    const gone = await branded.inject({
      url: `/api/portal/links/${'a'.repeat(32)}`,
      headers: { cookie: 'portal-language=de', accept: 'text/html' },
    })
    expect(gone.statusCode).toBe(410)
    expect(gone.body).toMatch(/<title>[^<]+ · Acme Geräte<\/title>/)
    expect(gone.body).toMatch(
      /<img class="brand__logo" src="\/branding\/logo-[0-9a-f]{16}\.svg" alt="Acme Geräte"/,
    )
    expect(gone.body).toMatch(/<link rel="stylesheet" href="\/branding\/accent-[0-9a-f]{16}\.css">/)
    expect(gone.body).toContain('<link rel="manifest" href="/branding/manifest-de.webmanifest" />')
    expect(gone.body).not.toContain('Geräteportal')
  })

  test("a PNG logo is the manifest's icon at its own size, and the favicon", async () => {
    writeFileSync(join(folder, 'logo.png'), PNG.sync.write(new PNG({ width: 192, height: 192 })))
    const branding = readBranding(brandingSettings({ BRANDING_LOGO: join(folder, 'logo.png') }))
    const app = Fastify()
    const { dress } = brandingFiles(app, branding, dist.dir)
    const path = branding.logo?.path ?? '/missing'
    const manifest = await app.inject({ url: '/branding/manifest-en.webmanifest' })
    expect(manifest.json()).toMatchObject({
      name: 'Device Portal',
      icons: [{ src: path, sizes: '192x192', type: 'image/png', purpose: 'any' }],
    })
    const logo = await app.inject({ url: path })
    expect(logo.headers['content-type']).toBe('image/png')
    expect(dress(HEAD)).toContain(`<link rel="icon" href="${path}" type="image/png" />`)
    await app.close()
  })
})
