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

  test("in a Windows contrast theme (forced colours) the current page, the wizard's step and the badges keep their marks", async ({
    page,
    signIn,
  }) => {
    await page.emulateMedia({ forcedColors: 'active' })
    await signIn('anna', '/enroll?platform=ios&owner=company&step=check')
    // Shadows and backgrounds are gone: the current page's link is underlined.
    const current = page.getByRole('navigation').getByRole('link', { name: 'Enroll a device' })
    await expect(current).toHaveAttribute('aria-current', 'page')
    await expect(current).toHaveCSS('text-decoration-line', 'underline')
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Apps' })).toHaveCSS(
      'text-decoration-line',
      'none',
    )
    // The current step's disc is in the theme's highlight, the steps to come in its grey.
    const colourOf = (value: string) =>
      page.evaluate((colour) => {
        const probe = document.createElement('i')
        probe.style.color = colour
        document.body.append(probe)
        const computed = getComputedStyle(probe).color
        probe.remove()
        return computed
      }, value)
    const step = page.locator('[aria-current="step"] .wizard-progress__number')
    await expect(step).toHaveCSS('background-color', await colourOf('Highlight'))
    await expect(
      page.locator('.wizard-progress__item--todo .wizard-progress__link').first(),
    ).toHaveCSS('border-top-color', await colourOf('GrayText'))
    // A badge keeps its outline.
    await page.goto(`/apps?device=3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61`)
    const badge = page.getByText('Not installed', { exact: true })
    await expect(badge).toHaveCSS('outline-color', await colourOf('CanvasText'))
  })

  test.describe('in a German browser', () => {
    test.use({ locale: 'de-DE' })
    test('the portal starts in German', async ({ page }) => {
      await page.goto('/login')
      await expect(page.locator('html')).toHaveAttribute('lang', 'de')
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        'Self-Service-Portal für Ihre dienstlichen Geräte',
      )
    })
  })

  test('a page whose code does not arrive says so, and keeps no form that nothing would handle', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    // The sign-in page arrives drawn by the server; its screen's code is refused.
    await page.route(/\/assets\/login-[^/]*\.js$/, (route) => route.abort('internetdisconnected'))
    await page.goto('/login')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible()
    // The code that did not come while the browser is online: a reload fetches it anew.
    await expect(
      page.getByText('Part of the portal could not be loaded', { exact: false }),
    ).toBeVisible()
    // Had the drawn form stayed, Enter would send the password in the address, as a GET form.
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0)
    await expectAccessible()
    await page.unroute(/\/assets\/login-[^/]*\.js$/)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible()

    // Signed in, the frame's code is refused: the page says so rather than stay blank.
    await page.route(/\/assets\/signed-in-area-[^/]*\.js$/, (route) => route.abort())
    await signIn('anna', '/devices')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible()
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
