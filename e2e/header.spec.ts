import type { Page } from '@playwright/test'
import { admin, expect, test } from './admin-fixtures'
import { portalRunning, users } from './fixtures'

/**
 * The header: who is signed in, its menu on a phone (every control in reach, nothing wider than
 * the screen), one row on a wide screen, and the way back in after a session ends.
 */
const MINUTE = 60_000

async function signInWithForm(page: Page, email: string, password: string, tenant?: string) {
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  if (tenant !== undefined) {
    await page.getByRole('switch', { name: 'Sign in as administrator' }).check()
    await page.getByLabel('Tenant ID').fill(tenant)
  }
  await page.getByRole('button', { name: 'Sign in' }).click()
}

// The narrowest phone: every width up to 30rem has the same rules, and what fits here fits on
// every wider phone.
const PHONE = 320
for (const lang of ['en', 'de'] as const) {
  test.describe(`the phone menu at ${PHONE} px in ${lang}`, () => {
    test.use({ viewport: { width: PHONE, height: 740 }, locale: lang === 'de' ? 'de-DE' : 'en-US' })
    const texts = {
      en: { menu: 'Menu', signOut: 'Sign out', language: 'Language', theme: 'Appearance' },
      de: { menu: 'Menü', signOut: 'Abmelden', language: 'Sprache', theme: 'Darstellung' },
    }[lang]

    for (const who of ['employee', 'administrator'] as const) {
      test(`holds every control on the screen for an ${who}`, async ({
        page,
        signIn,
        signInAdmin,
        expectAccessible,
      }) => {
        if (who === 'employee') await signIn('anna', '/account')
        else await signInAdmin()
        await page.getByRole('button', { name: texts.menu }).click()
        const nav = page.getByRole('navigation')
        for (const control of [
          nav.getByRole('button', { name: texts.signOut }),
          nav.getByLabel(texts.language),
          nav.getByLabel(texts.theme),
        ]) {
          await expect(control).toBeInViewport({ ratio: 1 })
        }
        await expect(nav).toContainText(who === 'employee' ? users.anna.email : admin.email)
        // No sideways scrolling: the page is as wide as the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE)
        await expectAccessible()
      })
    }
  })
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test("the employee's header is one row, and names who is signed in", async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await signIn('anna', '/devices')
    const account = page.getByRole('button', { name: 'Signed in as Anna Berger' })
    await expect(account).toBeVisible()
    const header = await page.getByRole('banner').boundingBox()
    const brand = await page.getByRole('link', { name: 'Device Portal' }).boundingBox()
    const devices = await page.getByRole('link', { name: 'Devices' }).boundingBox()
    // Brand, navigation and account on one line: the header is as tall as one control row.
    expect(header?.height).toBeLessThan(90)
    expect(Math.abs((brand?.y ?? 0) - (devices?.y ?? 100))).toBeLessThan(20)

    await account.click()
    await expect(account).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByText(users.anna.email, { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expectAccessible()
    // Escape closes it and gives the focus back; a page change closes it too.
    await page.keyboard.press('Escape')
    await expect(account).toHaveAttribute('aria-expanded', 'false')
    await expect(account).toBeFocused()
    await account.click()
    await page.getByRole('link', { name: 'Apps' }).click()
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden()
  })

  test('an administrator sees the tenant they signed in to', async ({ page }) => {
    await signInWithForm(page, admin.email, admin.password, 'demo')
    const account = page.getByRole('button', { name: 'Signed in as Alex Admin' })
    await account.click()
    await expect(page.getByText('Tenant: demo')).toBeVisible()
  })
})

test('after the session expires, sign-in starts with the same e-mail address; a sign-out forgets it', async ({
  page,
  control,
  expectAccessible,
}) => {
  await page.clock.install()
  await signInWithForm(page, admin.email, admin.password, 'demo')
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()

  await control.advanceClock(61 * MINUTE)
  await portalRunning(page)
  await page.clock.fastForward(61 * MINUTE)
  await expect(page.getByRole('alert')).toHaveText(/Your session has expired/)
  await expect(page.getByLabel('E-mail address')).toHaveValue(admin.email)
  await expect(page.getByRole('switch', { name: 'Sign in as administrator' })).toBeChecked()
  await expect(page.getByLabel('Tenant ID')).toHaveValue('demo')
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  await expectAccessible()

  await page.getByLabel('Password', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('button', { name: 'Signed in as Alex Admin' }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('You have signed out.')).toBeVisible()
  await expect(page.getByLabel('E-mail address')).toHaveValue('')
})
