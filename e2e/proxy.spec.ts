/**
 * The portal in front of a real MDM service (MDM_API_URL): here the reference API runs as a
 * service of its own, and the `proxy` project's portal forwards /api/mdm/v2 to it. The test
 * controls (/__test, the outbox) exist only on the service, so they are driven there.
 */
import type { Response } from '@playwright/test'
import { expect, test as portalTest, users } from './fixtures'

const serviceURL = process.env.E2E_API_URL

const test = portalTest.extend({
  request: async ({ playwright, world }, use) => {
    const request = await playwright.request.newContext({
      baseURL: serviceURL,
      extraHTTPHeaders: { 'x-mdm-world': world },
    })
    await use(request)
    await request.dispose()
  },
})

const CSP_START = "default-src 'self'; script-src 'self'"

function expectPortalHeaders(response: Response, kind: string) {
  return response.allHeaders().then((headers) => {
    expect(headers['content-security-policy'], kind).toMatch(new RegExp(`^${CSP_START}`))
    expect(headers['x-content-type-options'], kind).toBe('nosniff')
    expect(headers['x-frame-options'], kind).toBe('DENY')
    expect(headers['referrer-policy'], kind).toBe('no-referrer')
  })
}

const isApi = (path: string) => (response: Response) =>
  new URL(response.url()).pathname === `/api/mdm/v2/${path}`

test.describe('in front of a real MDM service', () => {
  test('a whole visit through the proxy: sign in, devices, a lock, app icons, an enrollment profile', async ({
    page,
    control,
    expectAccessible,
  }) => {
    const settings = await page.request.get('/portal-config.json')
    expect(await settings.json()).toMatchObject({ apiBaseUrl: '/api/mdm/v2', demo: false })
    for (const demoPage of ['/outbox', '/outbox.json', '/__test/settings']) {
      expect((await page.request.get(demoPage)).status(), demoPage).toBe(404)
    }

    // Sign in through the form: no demo accounts offered, since this is not the demo.
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    // With its own certificate (playwright.config.ts) the portal speaks HTTP/2 to the browser,
    // and the rest of this visit crosses it: the proxy, a command, images, a download.
    const protocol = await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
          .nextHopProtocol,
    )
    expect(protocol).toBe(page.url().startsWith('https:') ? 'h2' : 'http/1.1')
    await expect(page.getByRole('complementary', { name: 'Demo accounts' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Demo mailbox' })).toHaveCount(0)
    // This tenant's help desk, from the server's runtime settings (playwright.config.ts).
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'it-help@example.com' })).toHaveAttribute(
      'href',
      'mailto:it-help@example.com',
    )
    await expect(footer.getByRole('link', { name: '+49 30 1234 5678' })).toHaveAttribute(
      'href',
      'tel:+493012345678',
    )
    await expect(footer.getByRole('link', { name: 'Help desk website' })).toBeVisible()
    await page.getByLabel('E-mail address').fill(users.anna.email)
    await page.getByLabel('Password', { exact: true }).fill(users.anna.password)
    const [login] = await Promise.all([
      page.waitForResponse(isApi('user/login')),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ])
    expect(login.status()).toBe(200)
    await expectPortalHeaders(login, 'sign-in answer')

    await expect(page).toHaveURL(/\/devices$/)
    for (const name of ["Anna's iPhone", "Anna's Pixel", "Anna's MacBook Pro"]) {
      await expect(page.getByRole('link', { name }).first()).toBeVisible()
    }
    await expectAccessible()

    // A command travels through the proxy, and its completion comes back.
    await control.settings({ commandDelayMs: 60_000 })
    await page.getByRole('link', { name: "Anna's Pixel", exact: true }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: "Anna's Pixel" })).toBeVisible()
    await page.getByRole('button', { name: 'Lock…' }).click()
    const dialog = page.getByRole('dialog', { name: "Lock Anna's Pixel?" })
    await dialog.getByRole('button', { name: 'Lock now' }).click()
    await expect(page.getByText('Locking…').first()).toBeVisible()
    await control.complete()
    await expect(page.getByText("Anna's Pixel is locked.")).toBeVisible({ timeout: 20_000 })

    // App icons are image files fetched through the proxy and shown from blob: URLs. The portal
    // asks with the outcome in the envelope (`cms-dhsc`), so an app without an icon is answered
    // 200 with a JSON failure, also through the proxy: the icons ask in no fixed order, and the
    // first image answer is the one looked at.
    const [image] = await Promise.all([
      page.waitForResponse(
        (response) =>
          isApi('app/image')(response) &&
          response.ok() &&
          (response.headers()['content-type'] ?? '').startsWith('image/'),
      ),
      page.goto('/apps'),
    ])
    expect(await image.headerValue('content-type')).toMatch(/^image\/png/)
    await expectPortalHeaders(image, 'app image')
    const icon = page.locator('img[src^="blob:"]').first()
    await expect(icon).toBeVisible()
    expect(
      await icon.evaluate((element: HTMLImageElement) => element.naturalWidth),
    ).toBeGreaterThan(0)

    // The enrollment profile is a file through the proxy, saved by the browser.
    await page.goto('/enroll')
    await page.getByRole('radio', { name: /iPhone or iPad/ }).check()
    await page.getByRole('radio', { name: /Company device/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    const [download, profile] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse(isApi('user/mdmprofile')),
      page.getByRole('button', { name: 'Download profile' }).click(),
    ])
    expect(profile.status()).toBe(200)
    expect(await profile.headerValue('content-type')).toBe('application/x-apple-aspen-config')
    await expectPortalHeaders(profile, 'enrollment profile')
    expect(download.suggestedFilename()).toMatch(/\.mobileconfig$/)
  })
})
