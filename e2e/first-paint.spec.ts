import type { Page, Request, Route } from '@playwright/test'
import { expect, test } from './fixtures'

test.describe('the first paint', () => {
  test('opened directly, "my apps" asks for the devices and the catalog in one round trip', async ({
    page,
    signIn,
  }) => {
    // A slow service (deliberate): the devices are not answered until the catalog has been asked.
    const held: Route[] = []
    await page.route('**/api/mdm/v2/device/list', (route) => void held.push(route))
    const catalog = page.waitForRequest('**/api/mdm/v2/app/list', { timeout: 15_000 })

    await signIn('anna', '/apps')
    const request = await catalog
    expect(held.length, 'the devices are still unanswered').toBeGreaterThan(0)
    expect(request.postDataJSON()).not.toHaveProperty('clientid')
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible()

    for (const route of held.splice(0)) await route.continue()
    await page.unroute('**/api/mdm/v2/device/list')
    await expect(page.getByRole('heading', { name: 'Secure Mail', exact: true })).toBeVisible()
  })

  test("opened directly, a device's page asks for the device while the portal's code loads, and once", async ({
    page,
    signIn,
  }) => {
    const asked = countRequests(page)
    // The portal's code is held back (deliberate): the device must be on its way without it.
    const code: Route[] = []
    const portalCode = (url: URL) =>
      url.pathname.startsWith('/assets/') &&
      url.pathname.endsWith('.js') &&
      !url.pathname.includes('/formats-warm-up-')
    let holding = true
    await page.route(portalCode, (route) => {
      if (holding) code.push(route)
      else void route.continue()
    })
    const device = page.waitForRequest('**/api/mdm/v2/device/info')

    // The page does not finish loading while its code is held: it is opened, not waited for.
    const opened = signIn('anna', `/devices/${ANNAS_IPHONE}`)
    expect((await device).postDataJSON()).toEqual({
      clientid: ANNAS_IPHONE,
      token: expect.any(String),
    })

    holding = false
    for (const route of code.splice(0)) await route.continue()
    await opened
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await page.waitForLoadState('networkidle')
    // The portal took the answers the page had asked for: nothing was asked twice.
    expect(asked.counts).toEqual({ 'user/info': 1, 'device/info': 1 })
  })

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' })

    test('opened directly, the device list and the user are asked for once, in the language of the page', async ({
      page,
      signIn,
    }) => {
      const asked = countRequests(page)
      await signIn('anna', '/devices')
      await expect(page.getByRole('heading', { level: 1, name: 'Meine Geräte' })).toBeVisible()
      await expect(page.getByRole('link', { name: "Anna's iPhone" })).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(asked.counts).toEqual({ 'user/info': 1, 'device/list': 1 })
      expect([...asked.languages]).toEqual(['de'])
    })
  })
})

/** Anna's iPhone in the demo data (README.md, Demo data). */
const ANNAS_IPHONE = '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61'

/**
 * How often each API path is asked for from here on, by the page and by the portal, and in which
 * languages (`Accept-Language`).
 */
function countRequests(page: Page) {
  const counts: Record<string, number> = {}
  const languages = new Set<string | undefined>()
  page.on('request', (request: Request) => {
    const path = /\/api\/mdm\/v2\/(.+)$/.exec(new URL(request.url()).pathname)?.[1]
    if (!path) return
    counts[path] = (counts[path] ?? 0) + 1
    languages.add(request.headers()['accept-language'])
  })
  return { counts, languages }
}
