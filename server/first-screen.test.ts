import type { FastifyInstance } from 'fastify'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  DEVICE_SCREEN_PATH,
  DEVICE_SCREEN_RENDERER,
  FIRST_REQUESTS_ID,
} from '../contract/screens.ts'
import { buildServer } from './app.ts'
import { closedPort, makeDist, startFakeService, testConfig } from './test-support.ts'

/**
 * A device's page asks the server for its device (contract/screens.ts DEVICE_SCREEN_PATH): the
 * request goes on to the service as `device/info`, and the answer comes back whole, with the
 * page rendered from it. The renderer here stands in for the build's (src/first-screen, tested
 * on its own): it says what it was given, so the test sees the answer, language and texts.
 */
const RENDERER = `export function renderDeviceScreen(answer, language, texts) {
  if (!answer || !answer.success) return null
  return '<h1>' + answer.deviceinfo.displayname + '|' + language + '|' + texts(language).devices.title + '</h1>'
}`

const DEVICE = {
  success: true,
  errorcode: null,
  errormessage: null,
  tokenstatus: null,
  deviceinfo: { clientid: 'c1', displayname: 'Annas iPhone' },
}
const EXPIRED = {
  success: false,
  errorcode: '01000002',
  errormessage: 'Abgelaufen',
  tokenstatus: 'Expired',
}

/** A build with the renderer, its manifest and two locale files. */
function distWithRenderer() {
  const dist = makeDist()
  mkdirSync(join(dist.dir, '.vite'))
  mkdirSync(join(dist.dir, '.server'))
  mkdirSync(join(dist.dir, 'assets', 'locales'), { recursive: true })
  writeFileSync(join(dist.dir, DEVICE_SCREEN_RENDERER), RENDERER)
  const manifest: Record<string, { file: string }> = {
    'src/main.tsx': { file: 'assets/index-Bx7k2Q9a.js' },
  }
  for (const [language, title] of [
    ['en', 'Devices'],
    ['de', 'Geräte'],
  ] as const) {
    const file = `assets/locales/${language}-devices.json`
    writeFileSync(join(dist.dir, file), JSON.stringify({ title }))
    manifest[`locales/${language}/devices.json`] = { file }
  }
  writeFileSync(join(dist.dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  return dist
}

const dist = distWithRenderer()
let service: Awaited<ReturnType<typeof startFakeService>>
let app: FastifyInstance

beforeAll(async () => {
  service = await startFakeService({
    '/api/mdm/v2/device/info': (request, reply) => {
      const body = JSON.parse(String(request.body)) as { token?: string }
      if (body.token === 'old') return reply.code(401).send(EXPIRED)
      return reply.send(DEVICE)
    },
  })
  app = await buildServer(testConfig(dist.dir, { MDM_API_URL: service.url }))
})

afterAll(async () => {
  await app.close()
  await service.close()
  dist.remove()
})

const ask = (body: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: DEVICE_SCREEN_PATH,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'de',
      // As a browser asks: the answer within is read by the server, compressed or not.
      'accept-encoding': 'gzip, br',
      ...headers,
    },
    payload: body,
    remoteAddress: '203.0.113.7',
  })

describe("the device page's first request", () => {
  test("goes on to the service as device/info, and comes back with the page in the page's language", async () => {
    const body = '{"clientid":"c1","token":"t-1"}'
    const response = await ask(body)
    expect(response.statusCode).toBe(200)
    // Personal data: no cache keeps it.
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      status: 200,
      type: expect.stringContaining('application/json'),
      answer: JSON.stringify(DEVICE),
      html: '<h1>Annas iPhone|de|Geräte</h1>',
    })
    // The service saw the request the portal would have sent: its bytes, language and client.
    const seen = service.seen.at(-1)
    expect(seen?.url).toMatch(/\/api\/mdm\/v2\/device\/info$/)
    expect(seen?.body.toString()).toBe(body)
    expect(seen?.headers['accept-language']).toBe('de')
    expect(seen?.headers['x-forwarded-for']).toBe('203.0.113.7')
  })

  test('in English for an English page', async () => {
    const response = await ask('{"clientid":"c1","token":"t-1"}', { 'accept-language': 'en' })
    expect(response.json().html).toBe('<h1>Annas iPhone|en|Devices</h1>')
  })

  test("passes the service's refusal on as it came, with no page", async () => {
    const response = await ask('{"clientid":"c1","token":"old"}')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 401,
      type: expect.stringContaining('application/json'),
      answer: JSON.stringify(EXPIRED),
      html: null,
    })
  })

  test('a service that cannot be reached is the failure the portal knows, in the language asked for', async () => {
    const down = await buildServer(
      testConfig(dist.dir, { MDM_API_URL: `http://127.0.0.1:${await closedPort()}` }),
    )
    const response = await down.inject({
      method: 'POST',
      url: DEVICE_SCREEN_PATH,
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      payload: '{"clientid":"c1","token":"t-1"}',
    })
    await down.close()
    const result = response.json()
    expect(result.status).toBe(502)
    expect(result.html).toBeNull()
    expect(JSON.parse(result.answer).errormessage).toContain('nicht erreichbar')
  })

  test('a body that is no JSON, or far too large, is refused in the language asked for', async () => {
    const text = await ask('clientid=c1', { 'content-type': 'text/plain' })
    expect(text.statusCode).toBe(400)
    expect(text.json().errormessage).toBe('Die Anfrage konnte nicht gelesen werden.')
    const large = await ask(JSON.stringify({ clientid: 'c'.repeat(20_000), token: 't' }))
    expect(large.statusCode).toBe(413)
    expect(large.json().errormessage).toBe('Die Anfrage ist zu groß.')
  })

  test('the renderer itself is never served, and the page sends the device to it', async () => {
    expect((await app.inject({ url: `/${DEVICE_SCREEN_RENDERER}` })).statusCode).toBe(404)
    const page = await app.inject({ url: '/devices/c1' })
    const block = new RegExp(`id="${FIRST_REQUESTS_ID}">([^<]*)<`).exec(page.body)?.[1]
    expect(JSON.parse(block ?? 'null')).toContainEqual({
      url: '/api/mdm/v2/device/info',
      body: { clientid: 'c1' },
      render: DEVICE_SCREEN_PATH,
    })
  })

  test('a build without the renderer: the page asks the service directly', async () => {
    const plain = makeDist()
    mkdirSync(join(plain.dir, '.vite'))
    writeFileSync(
      join(plain.dir, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/main.tsx': { file: 'assets/index-Bx7k2Q9a.js' } }),
    )
    const without = await buildServer(testConfig(plain.dir, { MDM_API_URL: service.url }))
    const refused = await without.inject({
      method: 'POST',
      url: DEVICE_SCREEN_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"clientid":"c1","token":"t-1"}',
    })
    const page = await without.inject({ url: '/devices/c1' })
    await without.close()
    plain.remove()
    expect(refused.statusCode).toBe(404)
    expect(page.body).toContain('"url":"/api/mdm/v2/device/info"')
    expect(page.body).not.toContain(DEVICE_SCREEN_PATH)
  })
})
