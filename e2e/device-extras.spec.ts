import type { APIRequestContext, Page } from '@playwright/test'
import { existsSync, readFileSync } from 'node:fs'
import { expect, test } from './fixtures'
import { watchLayoutShifts } from './layout-shifts'

const IPHONE = '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61'
const PIXEL = '5b8e1d2c-3a4f-4e6b-8d9c-0f1e2a3b4c72'
const MAC = '7d0a3f4e-5c6b-4a8d-9e1f-2b3c4d5e6f83'

/** The scripts the page asked for whose names start with `chunk`. */
function scriptsNamed(page: Page, chunk: string) {
  const seen: string[] = []
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? ''
    if (request.resourceType() === 'script' && name.startsWith(chunk)) seen.push(name)
  })
  return seen
}

/**
 * What the code the served page of `path` lists (its entry and the route's preloaded modules,
 * all that its first paint waits for) is made of: the sources its build's source maps name.
 */
async function firstPaintSources(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text()
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    ([, file]) => file,
  )
  expect(scripts.length).toBeGreaterThan(0)
  // Vite's own little runtime chunk comes without a map: it holds none of our sources.
  const maps = scripts
    .map((file) => `${process.env.DIST_DIR}${file}.map`)
    .filter((map) => existsSync(map))
  return maps.flatMap(
    (map) => (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources,
  )
}

test("a device's page waits for no map, history or action dialog before its first paint", async ({
  request,
}) => {
  for (const path of [`/devices/${IPHONE}`, `/admin/devices/${IPHONE}`]) {
    const sources = await firstPaintSources(request, path)
    // The page's own code is there: the check looks at the right files.
    expect(sources.some((source) => source.endsWith('device-details-screen.tsx'))).toBe(true)
    const later = sources.filter((source) =>
      /node_modules\/leaflet\/|location-map\.tsx|-dialog\.tsx|device-history\.tsx|activity-line\.tsx/.test(
        source,
      ),
    )
    expect(later, path).toEqual([])
  }
})

test('a device opened from the list waits for no code: the list fetched its page once idle', async ({
  page,
  signIn,
}) => {
  const pageCode = /\/assets\/device-details-screen-[^/]+\.js$/
  await signIn('anna', '/devices')
  await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
  // Drawn, and the browser idle: the device page's code has come, before any press.
  await expect
    .poll(() =>
      page.evaluate(
        (source) =>
          performance
            .getEntriesByType('resource')
            .some((entry) => new RegExp(source).test(entry.name)),
        pageCode.source,
      ),
    )
    .toBe(true)
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(request.url())
  })
  await page
    .getByRole('main')
    .getByRole('link')
    .filter({ hasText: "Anna's iPhone" })
    .first()
    .click()
  await expect(page.getByRole('button', { name: 'Lock…' })).toBeVisible()
  expect(asked.filter((url) => pageCode.test(url))).toEqual([])
})

test.describe('needs attention', () => {
  test('the list and the details say what needs attention and what to do', async ({
    page,
    signIn,
    control,
  }) => {
    await control.settings({ commandDelayMs: 60_000 })
    await signIn('anna', '/devices')
    const mac = page.getByRole('listitem').filter({ hasText: "Anna's MacBook Pro" })
    await expect(mac).toContainText('Needs attention: No contact for over 48 hours')
    const iphone = page.getByRole('listitem').filter({ hasText: "Anna's iPhone" })
    await expect(iphone.getByText('Needs attention')).toHaveCount(0)

    await page.goto(`/devices/${IPHONE}`)
    await expect(page.getByText('Nothing needs your attention.')).toBeVisible()
    // Resetting an iPhone's passcode leaves it without one that meets the rules.
    await page.getByRole('button', { name: 'Reset passcode…' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove passcode' }).click()
    // Only the sent reset waits: nothing needs Anna yet, as the device's card says.
    const waiting = page.getByRole('region', { name: 'Waiting for the device' })
    await expect(waiting.getByText('1 action waiting')).toBeVisible()
    await expect(waiting.getByText('(Resetting passcode)')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0)
    await control.complete()
    const attention = page.getByRole('region', { name: 'Needs attention' })
    await expect(attention.getByText('Passcode does not meet the rules')).toBeVisible()
    await expect(attention.getByText(/Set a screen lock on the device/)).toBeVisible()
    await expect(attention.getByText('1 action waiting')).toBeHidden()

    await page.goto('/devices')
    await expect(iphone).toContainText('Needs attention: Passcode does not meet the rules')
  })
})

test.describe('support details', () => {
  test.use({ locale: 'de-DE' })

  test('one button copies name, model, system, serial number, last contact and waiting actions', async ({
    page,
    context,
    signIn,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn('anna', `/devices/${IPHONE}`)
    const copy = page.getByRole('button', { name: 'Angaben für den Helpdesk kopieren' })
    await copy.click()
    await expect(page.getByRole('status').getByText('Kopiert.', { exact: false })).toBeVisible()
    // The note under the button leaves the button beside it as it was, not stretched to its height.
    const apps = page.getByRole('link', { name: 'Apps auf diesem Gerät' })
    expect((await apps.boundingBox())?.height).toBe((await copy.boundingBox())?.height)
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied.split('\n')).toEqual([
      "Name: Anna's iPhone",
      'Modell: iPhone 15 Pro',
      'Betriebssystem: iOS 17.5.1',
      'Seriennummer: F2LXK4Q9N7PQ',
      `Geräte-ID: ${IPHONE}`,
      expect.stringMatching(/^Letzter Kontakt: .+ \(vor 12 Minuten\)$/),
      'Wartende Aktionen: keine',
    ])
  })

  test('where the browser refuses the clipboard, the details are there to copy by hand', async ({
    page,
    signIn,
  }) => {
    // Fault injection: the clipboard says no, as a browser with the permission denied does.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
      })
    })
    await signIn('anna', `/devices/${IPHONE}`)
    await page.getByRole('button', { name: 'Angaben für den Helpdesk kopieren' }).click()
    await expect(page.getByText('Ihr Browser hat das Kopieren nicht erlaubt.')).toBeVisible()
    const text = page.getByRole('textbox', { name: 'Angaben für den Helpdesk' })
    await expect(text).toHaveValue(/Seriennummer: F2LXK4Q9N7PQ/)
    await expect(text).toBeFocused()
  })
})

test('lost mode shows the lock screen as the finder will see it', async ({ page, signIn }) => {
  await signIn('anna', `/devices/${IPHONE}`)
  await page.getByRole('button', { name: 'Turn on lost mode…' }).click()
  const dialog = page.getByRole('dialog')
  const screen = dialog.getByRole('figure', { name: 'What a finder sees on the lock screen' })
  await expect(screen.getByText('Your message appears here.')).toBeVisible()
  await dialog.getByLabel('Message on the screen').fill('I lost this phone. Please call me.')
  await dialog.getByLabel('Phone number to call').fill('+49 30 1234567')
  await dialog.getByLabel('Footnote (optional)').fill('Example Ltd.')
  await expect(screen.getByText('I lost this phone. Please call me.')).toBeVisible()
  await expect(screen.getByText('Call +49 30 1234567')).toBeVisible()
  await expect(screen.getByText('Example Ltd.')).toBeVisible()
})

test.describe('map', () => {
  test('the last location on a map with a pin, its age, and keyboard zoom', async ({
    page,
    signIn,
  }) => {
    const mapScripts = scriptsNamed(page, 'location-map')
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
    // A device without a location does not load the map either.
    await page.goto(`/devices/${IPHONE}`)
    await expect(page.getByText('No location is known.')).toBeVisible()
    expect(mapScripts).toEqual([])

    await page.goto(`/devices/${PIXEL}`)
    const map = page.getByRole('region', { name: /^Map of the last location of Anna's Pixel/ })
    await expect(map).toBeVisible()
    await expect(map).toHaveAccessibleName(
      /latitude 48\.13743, longitude 11\.57549\. Recorded 25 minutes ago/,
    )
    expect(mapScripts.length).toBeGreaterThan(0)
    const tile = map.locator('img.leaflet-tile-loaded[src*="/tiles/15/"]').first()
    await expect(tile).toBeVisible()
    // The pin's point is on the position, which the map centres on.
    const pin = await map.locator('.map-pin').boundingBox()
    const frame = await map.boundingBox()
    if (!pin || !frame) throw new Error('The map or its pin has no box')
    expect(Math.abs(pin.x + pin.width / 2 - (frame.x + frame.width / 2))).toBeLessThan(3)
    expect(Math.abs(pin.y + 34 - (frame.y + frame.height / 2))).toBeLessThan(3)
    await expect(map.getByText('© OpenStreetMap contributors')).toHaveCount(0)

    await map.focus()
    await page.keyboard.press('+')
    await expect(map.locator('img.leaflet-tile-loaded[src*="/tiles/16/"]').first()).toBeVisible()
    await page.keyboard.press('ArrowRight')
    await expect(map.getByRole('button', { name: 'Zoom out' })).toBeVisible()

    await expect(page.getByText('48.13743')).toBeVisible()
    await expect(page.getByRole('link', { name: /Open on OpenStreetMap/ })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=48\.13743&mlon=11\.57549/,
    )
  })

  test('when no tile loads, the coordinates and the map link stand in', async ({
    page,
    signIn,
  }) => {
    // Fault injection: the tile server cannot be reached.
    await page.route('**/tiles/**', (route) => route.abort('connectionrefused'))
    await signIn('anna', `/devices/${PIXEL}`)
    await expect(page.getByText('The map could not be loaded.', { exact: false })).toBeVisible()
    await expect(page.getByRole('region', { name: /^Map of the last location/ })).toHaveCount(0)
    await expect(page.getByText('11.57549')).toBeVisible()
    await expect(page.getByRole('link', { name: /Open on OpenStreetMap/ })).toBeVisible()
  })

  test('a map that fails takes the place it had: nothing under it moves', async ({
    page,
    signIn,
  }) => {
    // Tall enough that the location and what follows it are in view, where a shift counts.
    await page.setViewportSize({ width: 375, height: 2400 })
    const shifts = await watchLayoutShifts(page)
    await page.route('**/tiles/**', (route) => route.abort('connectionrefused'))
    await signIn('anna', `/devices/${PIXEL}`)
    await expect(page.getByText('The map could not be loaded.', { exact: false })).toBeVisible()
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect(await shifts()).toEqual([])
  })
})

test.describe('theme', () => {
  test('dark follows the system; a choice is kept per user and applied before the first paint', async ({
    page,
    signIn,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await signIn('anna', `/devices/${MAC}`)
    const html = page.locator('html')
    await expect(html).toHaveAttribute('data-theme', 'dark')
    const account = page.getByRole('button', { name: /^Signed in as/ })
    await account.click()
    const appearance = page.getByLabel('Appearance')
    await expect(appearance).toHaveValue('system')

    await appearance.selectOption({ label: 'Light' })
    await expect(html).toHaveAttribute('data-theme', 'light')
    // Before any of the portal's own code has run, the page already has the chosen theme.
    await page.reload({ waitUntil: 'commit' })
    await page.waitForSelector('html[data-theme]', { state: 'attached' })
    expect(await html.getAttribute('data-theme')).toBe('light')
    await account.click()
    await expect(page.getByLabel('Appearance')).toHaveValue('light')

    // Ben never chose: his portal follows the system (dark here).
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByLabel('E-mail address').fill('ben@example.com')
    await page.getByLabel('Password', { exact: true }).fill('Demo-Pass-2')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await account.click()
    await expect(page.getByLabel('Appearance')).toHaveValue('system')
    await expect(html).toHaveAttribute('data-theme', 'dark')
  })
})

test('the portal can be installed: a manifest with icons', async ({ page, request }) => {
  await page.goto('/login')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  // The manifest in the page's language (its description is in it).
  expect(href).toBe('/manifest-en.webmanifest')
  const response = await request.get(href ?? '')
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  const manifest = (await response.json()) as {
    start_url: string
    display: string
    icons: { src: string; sizes: string; purpose: string }[]
  }
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' })
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '192x192 maskable',
    '512x512 maskable',
  ])
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src)
    expect(image.headers()['content-type'], icon.src).toBe('image/png')
  }
})
