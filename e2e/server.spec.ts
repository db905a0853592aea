import type { APIResponse, Page } from '@playwright/test'
import { createHash } from 'node:crypto'
import { expect, test } from './fixtures'

/** What a header scanner looks for, on every answer of the portal's origin. */
const SECURITY_HEADERS = {
  // Images from one other origin only: the map's tile server (the tests' own, see playwright.config).
  // Inline, only the page's own script (the theme) and styles (the build's sheets), by their hashes.
  'content-security-policy': expect.stringMatching(
    new RegExp(
      `^default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+; style-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+; img-src 'self' blob: data: http://127\\.0\\.0\\.1:${process.env.E2E_TILE_PORT}; connect-src 'self'; font-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'$`,
    ),
  ),
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': expect.stringContaining('camera=()'),
}

function expectSecure(response: APIResponse, kind: string) {
  expect(response.headers(), kind).toMatchObject(SECURITY_HEADERS)
  // Plain HTTP here: HSTS belongs to HTTPS answers only (server/http/security-headers.test.ts).
  expect(response.headers()['strict-transport-security'], kind).toBeUndefined()
}

test.describe('the production server', () => {
  test('every kind of answer carries the security headers and the right caching', async ({
    request,
    control,
  }) => {
    const page = await request.get('/')
    expectSecure(page, 'index.html')
    // The policy allows the page's inline script (the theme) and inline styles (the build's own
    // stylesheets, carried in the drawn page) by their hashes, and nothing else inline.
    const policy = page.headers()['content-security-policy'] ?? ''
    const text = await page.text()
    const hashes = (element: 'script' | 'style') =>
      [
        ...text.matchAll(
          new RegExp(`<${element}(?: data-href="[^"]+")?>([\\s\\S]*?)</${element}>`, 'g'),
        ),
      ].map(
        ([, code]) =>
          `'sha256-${createHash('sha256')
            .update(code ?? '')
            .digest('base64')}'`,
      )
    const scripts = hashes('script')
    // The theme's, and the device page's early read (index.html).
    expect(scripts).toHaveLength(2)
    expect(policy).toContain(`script-src 'self' ${scripts.join(' ')};`)
    const styles = hashes('style')
    expect(styles.length, 'the drawn sign-in page carries its styles').toBeGreaterThan(0)
    const styleSrc = (/style-src ([^;]*);/.exec(policy)?.[1] ?? '').split(' ')
    expect(styleSrc[0]).toBe("'self'")
    expect(styleSrc).toEqual(expect.arrayContaining(styles))
    expect(styleSrc.slice(1).every((source) => source.startsWith("'sha256-"))).toBe(true)
    // Its stylesheets cost no request: the page has no link to them (Chromium fetches even a
    // disabled one); each names its file, for the portal to tell Vite's loader it is there.
    expect(text).not.toContain('<link rel="stylesheet"')
    expect(text).toMatch(/<style data-href="\/assets\/[^"]+\.css">/)
    expect(page.headers()['cache-control']).toBe('no-store')
    expect(page.headers()['content-encoding']).toMatch(/^(br|gzip)$/)

    // The page loads its hashed entry module, cached for good.
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)">/.exec(text)?.[1]
    expect(script, 'index.html names its hashed entry module').toBeDefined()
    const asset = await request.get(script ?? '')
    expectSecure(asset, 'hashed asset')
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers()['content-encoding']).toMatch(/^(br|gzip)$/)

    const route = await request.get('/devices/some-device?tab=apps')
    expectSecure(route, 'route of the app')
    // The same page, drawn for that address, preloading the code and the texts of its screen
    // (Vite's own manifest), so nothing waits for the entry module to ask for them.
    const routePage = await route.text()
    expect(routePage).toContain(`"${script}"`)
    expect(routePage).toMatch(/<link rel="modulepreload"[^>]* href="\/assets\/device-[\w-]+\.js">/)
    expect(route.headers()['cache-control']).toBe('no-store')
    const texts = /<link rel="modulepreload"[^>]* href="(\/assets\/common-[\w-]+\.js)">/.exec(
      routePage,
    )?.[1]
    expect(texts, 'the page preloads its texts').toBeDefined()
    const textsFile = await request.get(texts ?? '')
    expectSecure(textsFile, 'texts module')
    expect(textsFile.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(await textsFile.text()).toContain('Device Portal')

    const settings = await request.get('/portal-config.json')
    expectSecure(settings, 'runtime settings')
    expect(await settings.json()).toMatchObject({ apiBaseUrl: '/api/mdm/v2', demo: true })

    const token = await control.login('anna')
    const info = await request.post('/api/mdm/v2/user/info', { data: { token } })
    expectSecure(info, 'API answer')
    expect(info.headers()['cache-control']).toBe('no-store')

    const image = await request.post('/api/mdm/v2/app/image', { data: { id: 'AU8', token } })
    expectSecure(image, 'API file')
    expect(image.headers()['content-type']).toMatch(/^image\//)

    const missing = await request.get('/assets/index-00000000.js')
    expect(missing.status()).toBe(404)
    expectSecure(missing, 'missing file')

    const health = await request.get('/healthz')
    expectSecure(health, 'health')
    // The demo keeps records; its store opens once the server is ready.
    await expect
      .poll(async () => (await request.get('/healthz')).json())
      .toEqual({ status: 'ok', records: 'reachable', recordWrites: 'ok', recordsQueued: 0 })

    const outbox = await request.get('/outbox')
    expectSecure(outbox, 'demo outbox')
  })

  test('the portal works under its Content Security Policy: no violation on any screen', async ({
    page,
    signIn,
    control,
  }) => {
    const violations = watchViolations(page)
    const invitation = (await control.outbox()).find((mail) => mail.kind === 'invitation')
    const joinLink = invitation?.links.find((link) => link.includes('/reset-password'))
    expect(joinLink, 'the invitation in the outbox').toBeDefined()

    for (const address of ['/login', '/forgot-password', joinLink ?? '', '/nope']) {
      await page.goto(address)
      await settled(page)
    }
    await page.goto('/outbox')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    await signIn('anna', '/devices')
    await settled(page)
    await page.getByRole('link', { name: "Anna's iPhone", exact: true }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await settled(page)

    for (const path of ['/apps', '/apps/AU8', '/enroll', '/account']) {
      await page.goto(path)
      await settled(page)
    }
    // App icons are object URLs: img-src must allow blob: and they must really show.
    await page.goto('/apps')
    const icon = page.locator('img[src^="blob:"]').first()
    await expect(icon).toBeVisible()
    expect(await icon.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)

    expect(violations).toEqual([])
  })
})

/** The screen has its heading and its requests are done. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
}

/**
 * Chromium reports a blocked script, style, image or connection as a `securitypolicyviolation`
 * event and as a console message; both are collected, with script errors on the page.
 */
function watchViolations(page: Page): string[] {
  const violations: string[] = []
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.warn(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI}`)
    })
  })
  page.on('console', (message) => {
    const text = message.text()
    if (/CSP violation|Content Security Policy|Permissions-Policy/i.test(text)) {
      violations.push(`${new URL(page.url()).pathname}: ${text}`)
    }
  })
  page.on('pageerror', (error) => violations.push(`${page.url()}: ${error.message}`))
  return violations
}
