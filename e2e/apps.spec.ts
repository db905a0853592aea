import type { Page } from '@playwright/test'
import { beside, expect, test } from './fixtures'

const IPHONE = '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61'
const MAC = '7d0a3f4e-5c6b-4a8d-9e1f-2b3c4d5e6f83'

/** An app in the list, found by its name. */
const appCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })

test.describe('my apps', () => {
  test('with the service unreachable the page says so once, and one retry brings it all back', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    const lists = /\/api\/mdm\/v2\/(device|app)\/list$/
    await page.route(lists, (route) => route.abort('internetdisconnected'))
    await signIn('anna', '/apps')
    const failure = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
    await expect(failure).toContainText('The service cannot be reached', { timeout: 20_000 })
    await expect(failure).toHaveCount(1)
    await expectAccessible()

    await page.unroute(lists)
    await beside(failure).getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByText('9 apps')).toBeVisible()
    await expect(page.getByLabel('Device')).toContainText("Anna's iPhone")
    await expect(failure).toHaveCount(0)
    // The button pressed is gone: the focus goes on from the page's content, not the document.
    await expect(page.getByRole('main')).toBeFocused()
  })

  test("a device's app list that fails to load says so, with no word about statuses it does not show", async ({
    page,
    signIn,
  }) => {
    const appList = /\/api\/mdm\/v2\/app\/list$/
    await page.route(appList, (route) => route.abort('internetdisconnected'))
    await signIn('anna', `/apps?device=${IPHONE}`)
    const failure = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
    await expect(failure).toContainText('The service cannot be reached', { timeout: 20_000 })
    await expect(page.getByText(/^Statuses are as/)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Refresh from device' })).toHaveCount(0)

    await page.unroute(appList)
    await beside(failure).getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByText("Statuses are as Anna's iPhone last reported them.")).toBeVisible()
    await expect(failure).toHaveCount(0)
  })

  test('Anna finds her apps by name and platform', async ({ page, signIn, expectAccessible }) => {
    // Employee Handbook has no icon: its placeholder must not cost a failed request in the console.
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    await signIn('anna', '/apps')

    // The catalog of the user: every app, grouped by platform, and why install needs a device.
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Apple apps' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Android apps' })).toBeVisible()
    await expect(page.getByText('9 apps')).toBeVisible()
    await expect(page.getByText('first choose the device it should go on')).toBeVisible()
    await expect(appCard(page, 'Secure Mail')).toContainText('Required')
    await expect(appCard(page, 'Secure Mail')).toContainText('Enterprise app')
    await expect(appCard(page, 'Team Chat')).toContainText('Optional')
    await expectAccessible()

    // Search and platform filter live in the address.
    const search = page.getByLabel('Search by name')
    await search.fill('chat')
    await expect(page).toHaveURL(/q=chat/)
    await expect(page.getByText('1 of 9 apps')).toBeVisible()
    await expect(appCard(page, 'Team Chat')).toBeVisible()
    await expect(appCard(page, 'Secure Mail')).toBeHidden()
    await search.fill('')
    await page.getByLabel('Platform').selectOption({ label: 'Android' })
    await expect(page).toHaveURL(/platform=Android/)
    await expect(appCard(page, 'Travel Planner')).toBeVisible()
    await expect(appCard(page, 'Secure Mail')).toBeHidden()
    await search.fill('nothing like this')
    await expect(
      page.getByRole('heading', {
        name: 'No apps match “nothing like this” with the filters chosen',
      }),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Clear search and filters' }).click()
    await expect(page.getByText('9 apps')).toBeVisible()
    await expect(search).toHaveValue('')
    // The button goes with the empty list: the keyboard goes on from the search box.
    await expect(search).toBeFocused()

    // A shared link opens the same view.
    await page.goto('/apps?q=mail&platform=Apple')
    await expect(search).toHaveValue('mail')
    await expect(page.getByLabel('Platform')).toHaveValue('Apple')
    await expect(page.getByText('1 of 9 apps')).toBeVisible()

    await page.goto('/apps')
    await expect(appCard(page, 'Employee Handbook').getByText('EH')).toBeVisible()
    await expect(appCard(page, 'Secure Mail').locator('img')).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(consoleErrors).toEqual([])
  })

  test('Anna installs an app on her iPhone and uninstalls it again', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    let installRequests = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/app/install')) installRequests++
    })
    await control.settings({ commandDelayMs: 1500 })
    await signIn('anna', '/apps')

    // Her iPhone: the apps it can run, their state and actions.
    await page
      .getByRole('combobox', { name: 'Device' })
      .selectOption({ label: "Anna's iPhone · iPhone 15 Pro" })
    await expect(page).toHaveURL(new RegExp(`device=${IPHONE}`))
    await expect(
      page.getByRole('heading', { level: 2, name: "Apps for Anna's iPhone" }),
    ).toBeVisible()
    const handbook = appCard(page, 'Employee Handbook')
    await expect(handbook).toContainText('Not installed')
    await expect(appCard(page, 'Secure Mail')).toContainText('Installed')

    // Install: a double click sends one request; the device answers a moment later.
    await handbook.getByRole('button', { name: 'Install Employee Handbook' }).dblclick()
    await expect(handbook).toContainText('Installing…')
    // Since when it waits: the portal sent it just now.
    await expect(handbook).toContainText(/Sent .+\. The device usually answers within seconds/)
    await expect(handbook).toContainText('Installed')
    await expect(
      page.getByRole('status').filter({ hasText: 'Employee Handbook is now installed' }),
    ).toBeAttached()
    expect(installRequests).toBe(1)

    // Uninstall asks first.
    await handbook.getByRole('button', { name: 'Uninstall Employee Handbook' }).click()
    const dialog = page.getByRole('dialog', {
      name: "Uninstall Employee Handbook from Anna's iPhone?",
    })
    await expect(dialog).toBeVisible()
    await expectAccessible()
    await dialog.getByRole('button', { name: 'Uninstall' }).click()
    await expect(dialog).toBeHidden()
    await expect(handbook).toContainText('Uninstalling…')
    // The button pressed is gone while the device works: the keyboard stays with the app.
    await expect(handbook.getByText('Uninstalling…')).toBeVisible()
    expect(await handbook.evaluate((card) => card.contains(document.activeElement))).toBe(true)
    await expect(handbook).toContainText('Not installed')
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: "Employee Handbook was uninstalled from Anna's iPhone." }),
    ).toBeAttached()
    await expectAccessible()
  })

  test('after a reload an install the device has not answered still says installing, as the portal recorded it', async ({
    page,
    signIn,
    control,
  }) => {
    await control.settings({ commandDelayMs: 60_000 })
    await signIn('anna', `/apps?device=${IPHONE}`)
    const handbook = appCard(page, 'Employee Handbook')
    await handbook.getByRole('button', { name: 'Install Employee Handbook' }).click()
    await expect(handbook).toContainText('Installing…')
    await page.reload()
    // The service says only "installing or uninstalling"; the records say which.
    await expect(handbook).toContainText('Installing…')
    // Since when, from the records too.
    await expect(handbook).toContainText(/Sent .+\. The device usually answers within seconds/)
    // Team Chat waits for a command the portal did not send: it cannot say which.
    await expect(appCard(page, 'Team Chat')).toContainText('Installing or uninstalling…')
  })

  test('a search that finds only apps of another platform says so, with the way to them', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await signIn('anna', `/apps?device=${IPHONE}`)
    // "Travel Planner" is an Android app: the iPhone's catalog does not show it.
    await page.getByLabel('Search by name').fill('travel')
    await expect(page.getByRole('heading', { name: 'No apps match “travel”' })).toBeVisible()
    await expect(
      page.getByText(
        "“travel” matches only 1 app for another platform, which cannot go on Anna's iPhone.",
      ),
    ).toBeVisible()
    await expect(page.getByText(/Check the spelling/)).toHaveCount(0)
    await expectAccessible()
    await page.getByRole('link', { name: 'Show all my apps' }).click()
    await expect(appCard(page, 'Travel Planner')).toBeVisible()

    // Without a device, under a platform filter: the other platform is one step away.
    await page.getByLabel('Platform').selectOption({ label: 'Apple' })
    await expect(
      page.getByText('“travel” matches 1 app, but for another platform than the one chosen.'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Show all platforms' }).click()
    await expect(appCard(page, 'Travel Planner')).toBeVisible()
    await expect(page.getByLabel('Search by name')).toHaveValue('travel')
  })

  test('an app her iPhone cannot run says why; the details page and refresh from device', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    await control.settings({ commandDelayMs: 500 })
    await signIn('anna', `/apps?device=${IPHONE}`)

    const notHere = page.getByRole('region', { name: "Not available on Anna's iPhone" })
    await expect(appCard(page, 'Sales Board for iPad')).toContainText(
      'This app is made for tablets only.',
    )
    await expect(notHere.getByRole('button')).toHaveCount(0)
    await expect(page.getByText('4 apps for other platforms are not shown here.')).toBeVisible()
    // A search that finds nothing here offers to clear the search alone (no filter is shown),
    // and does not point to apps elsewhere that would not match it either.
    await page.getByLabel('Search by name').fill('nothing like this')
    await expect(
      page.getByRole('heading', { name: 'No apps match “nothing like this”' }),
    ).toBeVisible()
    await expect(page.getByText('4 apps for other platforms are not shown here.')).toHaveCount(0)
    await page.getByRole('button', { name: 'Clear search', exact: true }).click()
    await expect(page.getByText('4 apps for other platforms are not shown here.')).toBeVisible()

    // Its page offers none of her devices, and says why for each.
    await page.getByRole('link', { name: 'Sales Board for iPad' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sales Board for iPad' }),
    ).toBeVisible()
    await expect(page.getByText('None of your devices can run this app.')).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Device' })).toHaveCount(0)
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: "Anna's iPhone: This app is made for tablets only." }),
    ).toBeVisible()
    await expect(page.getByText("Anna's Pixel: It is an app for Apple devices.")).toBeVisible()
    await expect(page.getByRole('definition').filter({ hasText: 'Tablets' })).toBeVisible()
    await expectAccessible()

    // Back to the list with the device kept; Team Chat still waits for the iPhone.
    await page.goBack()
    await expect(
      page.getByRole('heading', { level: 2, name: "Apps for Anna's iPhone" }),
    ).toBeVisible()
    const chat = appCard(page, 'Team Chat')
    await expect(chat).toContainText('Installing or uninstalling…')
    await expect(page.getByText("Statuses are as Anna's iPhone last reported them.")).toBeVisible()

    // Refresh from device: the portal waits for the iPhone's answer, then Team Chat settles.
    await control.settings({ commandDelayMs: 60_000 })
    await page.getByRole('button', { name: 'Refresh from device' }).click()
    await expect(page.getByText("Waiting for Anna's iPhone to send its app list…")).toBeVisible()
    await expect(page.getByRole('button', { name: 'Waiting for the device…' })).toBeVisible()
    await expect(chat).toContainText('Installing or uninstalling…')
    await control.complete()
    await expect(
      page.getByText(/^Anna's iPhone sent its app list (now|\d+ seconds? ago)\.$/),
    ).toBeVisible()
    await expect(chat).toContainText('Installed')
    await expect(chat.getByRole('button', { name: 'Uninstall Team Chat' })).toBeVisible()

    // A Mac app is offered for the Mac alone, which is quiet for days: the page says so.
    await page.goto('/apps/EA21')
    await expect(page.getByRole('combobox', { name: 'Device' })).toHaveValue(MAC)
    await expect(page.getByText(/Anna's MacBook Pro was last in contact 3 days ago/)).toBeVisible()
    await expect(
      page.getByText("Anna's iPhone: This app is made for computers only."),
    ).toBeVisible()
    await expectAccessible()

    // And a phone app is offered for no Mac, nor are the Mac's warnings shown.
    await page.goto('/apps/EA12')
    const device = page.getByRole('combobox', { name: 'Device' })
    await expect(device).toHaveValue(IPHONE)
    await expect(device.getByRole('option', { name: /MacBook/ })).toHaveCount(0)
    await expect(
      page.getByText("Anna's MacBook Pro: This app is made for phones and tablets only."),
    ).toBeVisible()
    await expect(page.getByText(/was last in contact 3 days ago/)).toHaveCount(0)
  })

  test('with a single device it is chosen already', async ({ page, signIn }) => {
    await signIn('ben', '/apps')
    await expect(page.getByRole('combobox', { name: 'Device' })).toHaveValue(/.+/)
    await expect(
      page.getByRole('heading', { level: 2, name: 'Apps for Bens Galaxy S23' }),
    ).toBeVisible()
    await expect(appCard(page, 'Expense Tracker')).toContainText('Installed')
  })

  test.describe('in German at phone width', () => {
    test.use({ locale: 'de-DE', viewport: { width: 375, height: 740 } })
    test('Anna installs an app on her iPhone', async ({
      page,
      signIn,
      control,
      expectAccessible,
    }) => {
      await control.settings({ commandDelayMs: 500 })
      await signIn('anna', '/apps')
      await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible()
      await expect(
        page.getByText('Um eine App zu installieren oder zu deinstallieren'),
      ).toBeVisible()
      await page
        .getByRole('combobox', { name: 'Gerät' })
        .selectOption({ label: "Anna's iPhone · iPhone 15 Pro" })
      const handbook = appCard(page, 'Employee Handbook')
      await expect(handbook).toContainText('Nicht installiert')
      await expectAccessible()
      await handbook.getByRole('button', { name: 'Installieren: Employee Handbook' }).click()
      await expect(handbook).toContainText('Installiert')

      await handbook.getByRole('link', { name: 'Employee Handbook' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Employee Handbook' })).toBeVisible()
      await expect(page.getByRole('heading', { level: 2, name: 'Über diese App' })).toBeVisible()
      await page.getByRole('button', { name: 'Deinstallieren: Employee Handbook' }).click()
      const dialog = page.getByRole('dialog', {
        name: "Employee Handbook von Anna's iPhone deinstallieren?",
      })
      await expect(dialog).toBeVisible()
      await expectAccessible()
      await dialog.getByRole('button', { name: 'Abbrechen' }).click()
      await expect(page.getByText('Installiert', { exact: true })).toBeVisible()
    })
  })
})
