import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LINK_LIFETIME_MS, linkStore } from './one-time-links.ts'
import { startFakeService } from '../../testing/test-support.ts'
import { expectFullStoreRefuses } from '../../testing/link-limits.ts'
import { makeLink, testPortals } from '../../testing/test-portals.ts'
import { signIn } from '../../mdm/test-client.ts'

/** Sessions the service knows: one may download the profile, the other is refused it. */
const KNOWN_TOKENS = ['service-token', 'profile-refused-token']

const service = await startFakeService({
  '/api/mdm/v2/user/info': (request, reply) => {
    const { token } = JSON.parse(String(request.body)) as { token?: string }
    if (!KNOWN_TOKENS.includes(token ?? '')) {
      return reply.code(401).send({ success: false, errorcode: '03100001', errormessage: 'No' })
    }
    return reply.send({ success: true, errorcode: null, errormessage: null, tokenstatus: null })
  },
  '/api/mdm/v2/user/mdmprofile': (request, reply) => {
    // The GET form passes the request in the `json` query parameter (spec: mdmprofile).
    const query = new URL(request.url, 'http://service').searchParams.get('json')
    const body = JSON.parse(query ?? String(request.body)) as { token?: string; html?: boolean }
    if (body.token !== 'service-token') {
      return reply.code(401).send({ success: false, errorcode: '03100001', errormessage: 'No' })
    }
    if (body.html) {
      const json = encodeURIComponent(JSON.stringify({ token: body.token, mdmtype: 'android' }))
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<html><body><a href="mdmprofile?json=${json}" download="x.json">Get</a></body></html>`,
        )
    }
    return reply
      .type('application/x-apple-aspen-config')
      .header('content-disposition', 'attachment; filename="enroll.mobileconfig"')
      .send('<plist>profile</plist>')
  },
})

// Closed once the portal proxying to it is.
afterAll(() => service.close())
const portals = testPortals()
let embedded: FastifyInstance
let proxied: FastifyInstance

beforeAll(async () => {
  embedded = await portals.portal({ MDM_TEST_MODE: '1' })
  proxied = await portals.portal({ MDM_API_URL: service.url })
})

/** A link asked for from a German enrollment page; the answer that holds it is never cached. */
async function createLink(app: FastifyInstance, body: Record<string, unknown>) {
  const link = await makeLink(app, body, { 'accept-language': 'de-DE' })
  expect(link.headers['cache-control']).toBe('no-store')
  return link.url
}

async function annaToken(): Promise<string> {
  return signIn(embedded)
}

describe('one-time links for the enrollment profile', () => {
  test('the link carries a random id, not the token, and gives the profile once', async () => {
    const token = await annaToken()
    const url = await createLink(embedded, { mdmtype: 'apple', token })
    expect(url).toMatch(/^\/api\/portal\/links\/[\w-]{32}$/)
    expect(url).not.toContain(token)

    const first = await embedded.inject({ method: 'GET', url })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('application/x-apple-aspen-config')
    expect(first.headers['content-disposition']).toContain('.mobileconfig')
    expect(first.headers['cache-control']).toBe('no-store')
    // The profile is a document of its own on the portal's origin: it runs nothing there.
    expect(first.headers['content-security-policy']).toMatch(/; sandbox$/)

    const again = await embedded.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'de' },
    })
    expect(again.statusCode).toBe(410)
    expect(again.headers['content-type']).toContain('text/html')
    expect(again.body).toContain('Dieser Link ist abgelaufen')
  })

  test('a used link says so as the portal’s short pages do: its frame, its name, its policy', async () => {
    const url = await createLink(embedded, { mdmtype: 'apple', token: await annaToken() })
    await embedded.inject({ method: 'GET', url })
    const gone = await embedded.inject({
      method: 'GET',
      url,
      headers: { cookie: 'portal-language=de' },
    })
    expect(gone.statusCode).toBe(410)
    expect(gone.body).toContain('<html lang="de">')
    expect(gone.body).toContain('<title>Dieser Link ist abgelaufen · Geräteportal</title>')
    expect(gone.body).toContain('<h1 class="page__title">Dieser Link ist abgelaufen</h1>')
    expect(gone.body).toContain('<header class="header">')
    // Not sandboxed as what the service sends is: a sandbox would keep its styles from loading.
    const page = await embedded.inject({ url: '/login' })
    expect(gone.headers['content-security-policy']).toBe(page.headers['content-security-policy'])
  })

  test('in front of a real service the request is posted there, and its page links no token', async () => {
    const url = await createLink(proxied, {
      mdmtype: 'android',
      html: true,
      token: 'service-token',
    })
    const page = await proxied.inject({ method: 'GET', url })
    expect(page.statusCode).toBe(200)
    // The service's page runs no script on the portal's origin; it may only start the download.
    expect(page.headers['content-security-policy']).toMatch(/; sandbox allow-downloads$/)
    expect(page.body).not.toContain('service-token')
    const seen = service.seen.at(-1)
    expect(seen?.method).toBe('POST')
    expect(JSON.parse(String(seen?.body))).toEqual({
      mdmtype: 'android',
      html: true,
      token: 'service-token',
    })
    expect(seen?.headers['accept-language']).toBe('de-DE')

    // The page's own download link became a one-time link too, which fetches the GET form.
    const href = /href="([^"]+)"/.exec(page.body)?.[1] ?? ''
    expect(href).toMatch(/^\/api\/portal\/links\/[\w-]+$/)
    const file = await proxied.inject({ method: 'GET', url: href })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-security-policy']).toMatch(/; sandbox$/)
    expect(service.seen.at(-1)?.method).toBe('GET')
    expect(service.seen.at(-1)?.url).toContain('/api/mdm/v2/user/mdmprofile?json=')
  })

  test("a refused request shows the service's reason as a page, not the envelope", async () => {
    const url = await createLink(proxied, { mdmtype: 'apple', token: 'profile-refused-token' })
    const page = await proxied.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } })
    expect(page.statusCode).toBe(401)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('The enrollment page could not be opened')
  })

  test('only the enrollment profile can be asked for, with its own fields', async () => {
    for (const payload of [
      { path: 'device/wipe', body: { clientid: 'x', token: 't' } },
      { path: 'user/mdmprofile', body: { mdmtype: 'apple' } },
      { path: 'user/mdmprofile', body: { mdmtype: 'apple', token: 't', clientid: 'x' } },
    ]) {
      const response = await embedded.inject({ method: 'POST', url: '/api/portal/links', payload })
      expect(response.statusCode).toBe(400)
    }
  })

  test('a link expires after a few minutes', async () => {
    let now = 1_000
    const store = linkStore(() => now)
    const link = { method: 'GET', url: '/api/mdm/v2/user/mdmprofile', headers: {} } as const
    const id = await store.put(link, 't')
    now += LINK_LIFETIME_MS
    expect(await store.take(id ?? '')).toBeNull()
  })
})

describe('one-time links cannot be used up or pushed out by others', () => {
  test('a link is made only for a token the service accepts', async () => {
    const refused = await proxied.inject({
      method: 'POST',
      url: '/api/portal/links',
      headers: { 'accept-language': 'de' },
      payload: { path: 'user/mdmprofile', body: { mdmtype: 'apple', token: 'made-up-token' } },
    })
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toMatchObject({
      success: false,
      errorcode: '03100001',
      errormessage: 'Ihre Sitzung ist nicht mehr gültig. Bitte melden Sie sich erneut an.',
    })
    // The service was asked with the cheapest call that needs a session, and no link was kept.
    expect(service.seen.at(-1)?.url).toBe('/api/mdm/v2/user/info')

    // A token signed out at the portal is refused as well, with the embedded API too.
    const token = await annaToken()
    await embedded.inject({ method: 'POST', url: '/api/portal/sign-out', payload: { token } })
    const ended = await embedded.inject({
      method: 'POST',
      url: '/api/portal/links',
      payload: { path: 'user/mdmprofile', body: { mdmtype: 'apple', token } },
    })
    expect(ended.statusCode).toBe(401)
  })

  test('creating links is limited per address', async () => {
    const app = await portals.portal({ LINK_RATE_LIMIT: '2' })
    const token = await signIn(app)
    const create = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/portal/links',
        payload: { path: 'user/mdmprofile', body: { mdmtype: 'apple', token } },
        remoteAddress,
      })
    expect((await create('198.51.100.20')).statusCode).toBe(200)
    expect((await create('198.51.100.20')).statusCode).toBe(200)
    const refused = await create('198.51.100.20')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect((await create('198.51.100.21')).statusCode).toBe(200)
  })

  test("a full store refuses new links instead of pushing out others' links", async () => {
    await expectFullStoreRefuses(linkStore(Date.now, { total: 3, perToken: 2 }))
  })

  test('a HEAD request, as a link preview sends, does not use the link up', async () => {
    const url = await createLink(embedded, { mdmtype: 'apple', token: await annaToken() })
    const head = await embedded.inject({ method: 'HEAD', url })
    expect(head.statusCode).toBe(200)
    expect(head.headers['cache-control']).toBe('no-store')
    expect(head.body).toBe('')
    const first = await embedded.inject({ method: 'GET', url })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('application/x-apple-aspen-config')
    expect((await embedded.inject({ method: 'HEAD', url })).statusCode).toBe(410)
  })

  test("a chat app's link preview gets a page about the link and leaves it for the device", async () => {
    const url = await createLink(embedded, { mdmtype: 'apple', token: await annaToken() })
    for (const agent of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'facebookexternalhit/1.1 Facebot Twitterbot/1.0',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) SkypeUriPreview Preview/0.5',
    ]) {
      const preview = await embedded.inject({
        method: 'GET',
        url,
        headers: { 'user-agent': agent, 'accept-language': 'de' },
      })
      expect(preview.statusCode, agent).toBe(200)
      expect(preview.headers['content-type']).toContain('text/html')
      expect(preview.body).toContain('Registrierungslink')
    }
    const device = await embedded.inject({
      method: 'GET',
      url,
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      },
    })
    expect(device.statusCode).toBe(200)
    expect(device.headers['content-type']).toBe('application/x-apple-aspen-config')
  })
})
