import type { Page, Request, Route } from '@playwright/test'
import { expect, test } from './fixtures'
import { DEVICE_SCREEN_PATH } from '../contract/screens'

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

  test("opened directly, a device's page shows the device before the portal's code has run, and asks for it once", async ({
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
    // The device goes to the server's renderer, with the body of device/info.
    const device = page.waitForRequest(`**${DEVICE_SCREEN_PATH}`)

    // The page does not finish loading while its code is held: it is opened, not waited for.
    const opened = signIn('anna', `/devices/${ANNAS_IPHONE}`)
    expect((await device).postDataJSON()).toEqual({
      clientid: ANNAS_IPHONE,
      token: expect.any(String),
    })
    // Still without the portal's code, the page shows the device: its name, state and actions.
    const frame = page.locator('#root > .shell[inert]')
    await expect(frame.locator('h1')).toHaveText("Anna's iPhone")
    await expect(frame.locator('.health-ok')).toHaveText('Nothing needs your attention.')
    await expect(frame.locator('.action-card__title').first()).toHaveText('Lost mode')
    // Styled by the screen's own sheet, which arrived alongside: the actions sit in cards.
    expect(
      await frame
        .locator('.action-card')
        .first()
        .evaluate((card) => getComputedStyle(card).borderTopStyle),
    ).toBe('solid')

    holding = false
    for (const route of code.splice(0)) await route.continue()
    await opened
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Turn on lost mode…' })).toBeEnabled()
    await page.waitForLoadState('networkidle')
    // The portal took the answer the page had asked for: the service was asked once, by the
    // server for the page, and the portal asked nothing again.
    expect(asked.counts).toEqual({ 'user/info': 1, [DEVICE_SCREEN_PATH.slice(1)]: 1 })
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
 * How often each API path (and the server's renderer of a device's page) is asked for from here
 * on, by the page and by the portal, and in which languages (`Accept-Language`).
 */
function countRequests(page: Page) {
  const counts: Record<string, number> = {}
  const languages = new Set<string | undefined>()
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url())
    const path =
      pathname === DEVICE_SCREEN_PATH
        ? pathname.slice(1)
        : /\/api\/mdm\/v2\/(.+)$/.exec(pathname)?.[1]
    if (!path) return
    counts[path] = (counts[path] ?? 0) + 1
    languages.add(request.headers()['accept-language'])
  })
  return { counts, languages }
}
