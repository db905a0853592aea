import { mkdirSync } from 'node:fs'
import { BROWSER_LOCALE, textsOf } from './a11y-texts'
import { expect, IDS, test } from './admin-fixtures'

/**
 * The help desk's apps panel of a device at a tenant of 2,000 apps (about 1,000 for the device's
 * platform): the caller's app is found by typing, its installation requested and said once. The
 * panel renders a screenful of rows, with no closed dialogs among them. Screenshots go to
 * /tmp/shots-ux-helpdesk-apps for a look.
 */
const SHOTS = '/tmp/shots-ux-helpdesk-apps'
const VIEWS = [
  { language: 'en', width: 1280 },
  { language: 'de', width: 375 },
] as const

for (const { language, width } of VIEWS) {
  const t = textsOf(language)
  test.describe(`${language}, ${width} px`, () => {
    test.use({ locale: BROWSER_LOCALE[language], viewport: { width, height: 900 } })

    test("the help desk finds the caller's app among a thousand and requests its installation", async ({
      page,
      control,
      signInAdmin,
      expectAccessible,
    }) => {
      test.slow()
      await control.largeDemo({ devices: 50, apps: 2000 })
      await signInAdmin(`/admin/devices/${IDS.annaIphone}`)
      const panel = page.getByRole('region', { name: t('apps', 'admin.title') })
      const rows = panel.locator('li.admin-app')
      await expect(rows.first()).toBeVisible()
      const total = Number(await rows.first().getAttribute('aria-setsize'))
      expect(total).toBeGreaterThan(900)
      // A screenful, not all of them; no closed dialog per row.
      expect(await rows.count()).toBeLessThan(60)
      await expect(panel.locator('dialog')).toHaveCount(0)
      await expect(panel.locator('.list-count')).toHaveText(
        t('apps', 'list.count_other', { count: total }),
      )
      mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: `${SHOTS}/panel-${language}-${width}.png` })

      const search = panel.getByRole('searchbox', { name: t('apps', 'filters.search') })
      await search.fill('team chat')
      await expect(panel.locator('.list-count')).toHaveText(
        t('apps', 'list.countFiltered_other', { count: total, shown: 1 }),
      )
      await expect(rows).toHaveCount(1)
      // From the search box, the keyboard goes on to the app's first request.
      await page.keyboard.press('Tab')
      const request = panel.getByRole('button', {
        name: t('apps', 'actions.requestInstallApp', { app: 'Team Chat' }),
      })
      await expect(request).toBeFocused()
      await page.keyboard.press('Enter')
      const sent = t('apps', 'admin.installSent', { app: 'Team Chat', device: "Anna's iPhone" })
      await expect(rows.getByText(sent)).toBeVisible()
      await expect(panel.getByRole('status').filter({ hasText: sent })).toHaveCount(1)
      await expectAccessible()
      await page.screenshot({ path: `${SHOTS}/sent-${language}-${width}.png`, fullPage: true })

      // The service refuses the next request with its own words (a 500 in its envelope).
      const refusal = 'Service down for maintenance (E42).'
      await page.route(
        '**/api/mdm/v2/app/install',
        (route) =>
          route.fulfill({
            status: 500,
            json: {
              success: false,
              errorcode: '99000042',
              errormessage: refusal,
              tokenstatus: null,
            },
          }),
        { times: 1 },
      )
      await request.click()
      // Shown in the row, said once by the panel's status region (the row is not a live region).
      await expect(rows.getByText(refusal)).toBeVisible()
      await expect(panel.getByRole('status').filter({ hasText: refusal })).toHaveCount(1)
      await expect(rows.getByRole('alert')).toHaveCount(0)

      await search.fill('zzqx')
      await expect(
        panel.getByRole('heading', {
          name: t('common', 'noMatch.search_apps', { query: 'zzqx' }),
        }),
      ).toBeVisible()
      await expectAccessible()
      // The refusal was kept while the search hid its app: it is back with the app's row.
      await search.fill('team chat')
      await expect(rows).toHaveCount(1)
      await expect(rows.getByText(refusal)).toBeVisible()
      await expect(rows.getByText(sent)).toHaveCount(0)
      await expectAccessible()
      await page.screenshot({ path: `${SHOTS}/failed-${language}-${width}.png`, fullPage: true })
    })
  })
}
