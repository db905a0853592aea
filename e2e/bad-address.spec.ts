import { expect, test } from './fixtures'

/** An address the portal cannot read (a link cut off mid-character) still looks like the portal. */
const CUT_OFF = '/devices/%E0%A4%A'

for (const { locale, width, title, home, product, expired, notFound } of [
  {
    locale: 'en-GB',
    width: 1280,
    title: 'This address is not valid',
    home: 'Go to the portal',
    product: 'Device Portal',
    expired: 'This link has expired',
    notFound: 'Page not found',
  },
  {
    locale: 'de-DE',
    width: 375,
    title: 'Diese Adresse ist ungültig',
    home: 'Zum Portal',
    product: 'Geräteportal',
    expired: 'Dieser Link ist abgelaufen',
    notFound: 'Seite nicht gefunden',
  },
]) {
  test.describe(`${locale} at ${width} px`, () => {
    test.use({ locale, viewport: { width, height: 800 } })

    test('the bad address page has the portal’s header and styles, and asks for nothing missing', async ({
      page,
      expectAccessible,
    }, testInfo) => {
      const missing: string[] = []
      page.on('response', (response) => {
        const navigation = response.request().isNavigationRequest()
        if (response.status() >= 400 && !navigation) missing.push(response.url())
      })
      const answer = await page.goto(CUT_OFF)
      expect(answer?.status()).toBe(400)
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page.getByRole('banner').getByRole('link', { name: product })).toBeVisible()
      await expect(page.getByRole('link', { name: home })).toHaveAttribute('href', '/')
      // The portal's style sheet is applied: the header is its surface with its border.
      const header = page.getByRole('banner')
      await expect(header).toHaveCSS('border-bottom-style', 'solid')
      await expect(page.getByRole('heading', { level: 1 })).toHaveClass(/page__title/)
      await page.waitForLoadState('networkidle')
      // No /favicon.ico or other file answered "not found".
      expect(missing).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      )
      await expectAccessible()
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.reload()
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
        await expectAccessible()
        await page.screenshot({ path: testInfo.outputPath(`bad-address-${scheme}.png`) })
      }
      await page.getByRole('link', { name: home }).click()
      await expect(page).not.toHaveURL(/%E0/)
    })

    test('an enrollment link used up says so in the same frame, light and dark', async ({
      page,
      expectAccessible,
    }) => {
      const answer = await page.goto('/api/portal/links/used-up')
      expect(answer?.status()).toBe(410)
      await expect(page).toHaveTitle(`${expired} · ${product}`)
      await expect(page.getByRole('heading', { level: 1, name: expired })).toHaveClass(
        /page__title/,
      )
      await expect(page.getByRole('banner')).toHaveCSS('border-bottom-style', 'solid')
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.reload()
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
        await expectAccessible()
      }
    })

    test('a file that is not there shows the portal’s "not found" in the visitor’s language', async ({
      page,
    }) => {
      for (const address of ['/nope.txt', '/favicon.ico']) {
        const answer = await page.goto(address)
        expect(answer?.status(), address).toBe(404)
        await expect(page.getByRole('heading', { level: 1, name: notFound })).toBeVisible()
      }
    })
  })
}

test('an id too long for the service is a device or an app that is not there, without a retry', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  const long = 'x'.repeat(3000)
  await signIn('anna', `/devices/${long}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Device not found' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
  await expectAccessible()
  await page.goto(`/apps/${long}`)
  await expect(page.getByRole('heading', { level: 1, name: 'App not found' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
})
