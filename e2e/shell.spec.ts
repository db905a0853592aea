import { expect, test } from './fixtures'

test.describe('app shell', () => {
  test('an unknown visitor lands on sign-in, and the language switches both ways', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expectAccessible()

    await page.getByLabel('Language').selectOption('de')
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expectAccessible()

    // The choice is remembered across a reload, also by the page the server sends, whose words
    // show before any script runs.
    await page.route(/\.js$/, (route) => route.abort())
    await page.reload()
    await expect(page.locator('h1')).toHaveText('Anmelden')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await page.unroute(/\.js$/)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await page.getByLabel('Sprache').selectOption('en')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })

  test.describe('in a German browser', () => {
    test.use({ locale: 'de-DE' })
    test('the portal starts in German', async ({ page }) => {
      await page.goto('/login')
      await expect(page.locator('html')).toHaveAttribute('lang', 'de')
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
    })
  })

  test('signed in, the shell offers the navigation, and an unknown address says not found', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await signIn('anna', '/account')
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const name of ['Devices', 'Apps', 'Enroll a device', 'Account']) {
      await expect(nav.getByRole('link', { name })).toBeVisible()
    }
    await expectAccessible()

    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expectAccessible()
  })

  test('signed in, a change of language reaches every text on the page, header and footer too', async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/account')
    await expect(page.getByRole('contentinfo')).toContainText('Need help?')
    await page.getByRole('region', { name: 'Language' }).getByLabel('Language').selectOption('de')
    await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible()
    // The shell's texts come from a file the page started without in German.
    await expect(page.getByRole('banner')).toContainText('Geräteportal')
    await expect(page.getByRole('contentinfo')).toContainText('Brauchen Sie Hilfe?')
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible()
    await expect(page.locator('body')).not.toContainText('Device Portal')
  })

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 375, height: 740 } })
    test('the navigation collapses behind a menu button', async ({
      page,
      signIn,
      expectAccessible,
    }) => {
      await signIn('anna', '/account')
      const menu = page.getByRole('button', { name: 'Menu' })
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
      await expect(page.getByRole('link', { name: 'Apps' })).toBeHidden()
      await menu.click()
      await expect(menu).toHaveAttribute('aria-expanded', 'true')
      await page.getByRole('link', { name: 'Apps' }).click()
      await expect(page).toHaveURL(/\/apps$/)
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
      await expectAccessible()

      // Escape closes it from inside, and focus goes back to its button.
      await menu.click()
      await page.getByRole('link', { name: 'Account' }).focus()
      await page.keyboard.press('Escape')
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
      await expect(menu).toBeFocused()
      // So does a tap outside it; a tap inside leaves it open.
      await menu.click()
      await page.getByRole('navigation', { name: 'Main' }).getByLabel('Language').click()
      await expect(menu).toHaveAttribute('aria-expanded', 'true')
      await page.getByRole('main').click({ position: { x: 10, y: 10 } })
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
    })
  })
})
