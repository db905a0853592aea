import type { Page } from '@playwright/test'
import {
  decodeQr,
  downloadBy,
  expectNoToken,
  isOneTimeLink,
  profileFromService,
  withoutEnrollmentToken,
  watchAddresses,
} from './enroll-helpers'
import { beside, clickTwice, expect, test } from './fixtures'

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'

test.describe('enrolling from a computer', () => {
  test('a company iPhone: choice, check, QR code, download after a network failure, steps, arrival', async ({
    page,
    signIn,
    expectAccessible,
    baseURL,
    request,
    control,
  }) => {
    // The iPhone that installs the downloaded profile stays on its way, so the check says "Not yet".
    await control.settings({ commandDelayMs: 600_000 })
    await signIn('anna', '/enroll')
    await expect(page.getByRole('heading', { level: 1, name: 'Enroll a device' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Which device' })).toBeVisible()
    // A Linux computer is none of the devices, so nothing is preselected.
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0)

    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('Please answer both questions.')).toBeVisible()
    await expect(page.getByRole('radio', { name: /iPhone or iPad/ })).toBeFocused()
    await expect(page.getByText('Choose the kind of device.')).toBeVisible()
    await expectAccessible()

    await page.getByRole('radio', { name: /iPhone or iPad/ }).check()
    await page.getByRole('radio', { name: /Company device/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/platform=ios&owner=company&step=check/)
    const check = page.getByRole('heading', { level: 2, name: 'Before you start' })
    await expect(check).toBeFocused()
    await expect(page.getByRole('list', { name: 'What you need' })).toContainText('Safari')
    await expectAccessible()

    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Get the profile' })).toBeFocused()
    await expect(page.getByRole('radio', { name: /another device/ })).toBeChecked()
    const address = `${baseURL}/enroll?platform=ios&owner=company`
    const qr = page.getByRole('img', { name: 'QR code to open this page on your phone' })
    await expect(qr).toBeVisible()
    expect(await decodeQr(qr)).toBe(address)
    await expect(page.getByText(address, { exact: true })).toBeVisible()
    await expect(page.getByText(/token/i)).toHaveCount(0)
    await expectAccessible()

    // The connection drops on the first try: the failure shows inline, and a retry succeeds.
    await page.route('**/api/mdm/v2/user/mdmprofile', (route) =>
      route.abort('internetdisconnected'),
    )
    await page.getByRole('button', { name: 'Download profile' }).click()
    const failure = page.getByRole('alert').filter({ hasText: 'could not be downloaded' })
    await expect(failure).toContainText('The service cannot be reached')
    await expectAccessible()
    await page.unroute('**/api/mdm/v2/user/mdmprofile')
    const { download, response, text } = await downloadBy(page, () =>
      beside(failure).getByRole('button', { name: 'Try again' }).click(),
    )
    expect(response.headers()['content-type']).toBe('application/x-apple-aspen-config')
    expect(download.suggestedFilename()).toBe('enrollment-ios.mobileconfig')
    expect(text).toContain('<string>com.apple.mdm</string>')
    expect(withoutEnrollmentToken(text)).toBe(
      await profileFromService(page, request, { mdmtype: 'apple' }),
    )
    await expect(page.getByRole('status').filter({ hasText: 'Downloaded' })).toContainText(
      'enrollment-ios.mobileconfig',
    )

    await page.getByRole('button', { name: 'Continue to the installation' }).click()
    await expect(
      page.getByRole('heading', { level: 2, name: 'Install the profile in Settings' }),
    ).toBeFocused()
    const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem')
    await expect(steps).toHaveCount(5)
    await expect(steps.first()).toContainText('AirDrop')
    await page.getByText('There is no profile in Settings').click()
    await expect(page.getByText(/removed after about 8 minutes/)).toBeVisible()
    await expectAccessible()

    await page.getByRole('button', { name: 'Check for my new device' }).click()
    const notYet = page.getByRole('status').filter({ hasText: 'Not yet' })
    await expect(notYet).toBeVisible()
    // The step reads the list again by itself, here slowly: that says nothing anew and moves
    // nothing; only the user's own check says "Checking…".
    await page.route('**/api/mdm/v2/device/list', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      await route.continue()
    })
    await page.waitForRequest('**/api/mdm/v2/device/list')
    await expect(page.getByRole('button', { name: 'Check for my new device' })).toBeVisible({
      timeout: 1_000,
    })
    await expect(notYet).toBeVisible({ timeout: 1_000 })
    await page.unroute('**/api/mdm/v2/device/list')

    // Back and forward walk through the steps. Each shows its heading, where focus goes, though
    // the browser puts back where the step was scrolled to (on a phone, far down).
    await page.setViewportSize({ width: 375, height: 667 })
    const scrollToEnd = () =>
      page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await scrollToEnd()
    await page.goBack()
    const profileHeading = page.getByRole('heading', { level: 2, name: 'Get the profile' })
    await expect(profileHeading).toBeFocused()
    await expect(profileHeading).toBeInViewport()
    await scrollToEnd()
    await page.goForward()
    const installHeading = page.getByRole('heading', { level: 2, name: /Install the profile/ })
    await expect(installHeading).toBeFocused()
    await expect(installHeading).toBeInViewport()
  })

  test('the phone set up with the downloaded file arrives, is named, its setup code goes, and its details are a click away', async ({
    page,
    signIn,
    control,
    request,
  }) => {
    // The simulated phone installs the file when the test lets it.
    await control.settings({ commandDelayMs: 600_000 })
    await signIn('anna', '/enroll?platform=android&owner=company&step=profile')
    await expect(
      page.getByRole('heading', { level: 2, name: 'Start the enrollment' }),
    ).toBeVisible()
    const { download } = await downloadBy(page, () =>
      page.getByRole('button', { name: 'Download profile' }).click(),
    )
    expect(download.suggestedFilename()).toBe('enrollment-android-fully-managed.json')
    await page.getByRole('button', { name: 'Continue to the installation' }).click()
    const check = page.getByRole('button', { name: 'Check for my new device' })
    await check.click()
    await expect(page.getByRole('status').filter({ hasText: 'Not yet' })).toBeVisible()
    await page.getByRole('button', { name: 'Show the setup code' }).click()
    const code = page.getByRole('img', { name: 'Setup code for the Android setup wizard' })
    await expect(code).toBeVisible()

    await control.complete()
    const token = await control.login('anna')
    const list = await (await request.post('/api/mdm/v2/device/list', { data: { token } })).json()
    const devices: { clientid: string; displayname: string }[] = list.data
    const pixel = devices.find((device) => device.displayname === "Anna's Pixel 8")
    expect(pixel).toBeDefined()
    // Nobody presses the button again: the open step keeps checking by itself.
    const arrived = page.getByRole('status').filter({ hasText: 'Your new device has arrived' })
    await expect(arrived).toContainText("Anna's Pixel 8")
    // The code asks for no second scan: it has gone with the steps, and the step says it is done.
    await expect(code).toBeHidden()
    await expect(page.getByText(/scan/i)).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 2, name: 'Enrollment complete' })).toBeVisible()
    await expect(page).toHaveTitle(/^Enrollment complete – Enroll a device/)
    // The button that had the focus left with the code: the focus went on to the device.
    const view = page.getByRole('link', { name: "Show Anna's Pixel 8" })
    await expect(view).toBeFocused()
    await view.click()
    await expect(page).toHaveURL(new RegExp(`/devices/${pixel?.clientid}$`))
    await expect(page.getByRole('heading', { level: 1, name: "Anna's Pixel 8" })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Locate', exact: true })).toBeVisible()
  })

  test('the phone that scanned the code fetches its profile itself; the computer names it when it arrives', async ({
    page,
    signIn,
    control,
    request,
  }) => {
    await control.settings({ commandDelayMs: 600_000 })
    await signIn('anna', '/enroll?platform=ios&owner=company&step=profile')
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
    // The phone, signed in on its own, downloads the profile: nothing is downloaded here.
    const token = await control.login('anna')
    const fetched = await request.post('/api/mdm/v2/user/mdmprofile', {
      data: { token, mdmtype: 'apple' },
    })
    expect(fetched.ok()).toBe(true)
    await page.getByRole('button', { name: 'Continue to the installation' }).click()
    await control.complete()
    const arrived = page.getByRole('status').filter({ hasText: 'Your new device has arrived' })
    await expect(arrived).toContainText('iPhone')
  })

  test('a device that arrives is named only in the steps of its own kind, after its own profile', async ({
    page,
    signIn,
    control,
  }) => {
    // The demo devices install the downloaded files when the test lets them.
    await control.settings({ commandDelayMs: 600_000 })
    await signIn('anna', '/enroll?platform=ios&owner=company&step=profile')
    await downloadBy(page, () => page.getByRole('button', { name: 'Download profile' }).click())
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await page.getByRole('link', { name: 'Change' }).click()
    await page.getByRole('radio', { name: /^Mac/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Continue to the installation' }).click()

    // The iPhone of the first download arrives: no Mac profile was fetched, so nothing is new here.
    await control.complete()
    const listed = page.waitForRequest((request) => request.url().endsWith('/device/list'))
    await page.getByRole('button', { name: 'Check for my new device' }).click()
    await (await listed).response()
    await expect(page.getByRole('status').filter({ hasText: 'Not yet' })).toBeVisible()
    await expect(page.getByText(/^Your new devices? ha(s|ve) arrived/)).toHaveCount(0)

    // With the Mac's own profile, its Mac is announced, and the iPhone still is not.
    await page.getByRole('button', { name: 'Back to the profile' }).click()
    await downloadBy(page, () => page.getByRole('button', { name: 'Download profile' }).click())
    await page.getByRole('button', { name: 'Continue to the installation' }).click()
    await control.complete()
    const arrived = page.getByRole('status').filter({ hasText: 'Your new device has arrived' })
    await expect(arrived).toContainText("Anna's MacBook Air")
    await expect(arrived).not.toContainText('iPhone')
  })

  test.describe('a double click sends once', () => {
    /** The paths of the POST requests the page sends. */
    function posts(page: Page): string[] {
      const sent: string[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST') sent.push(new URL(request.url()).pathname)
      })
      return sent
    }

    test('“Install profile” asks for one link', async ({ page, signIn }) => {
      const sent = posts(page)
      await signIn('anna', '/enroll?platform=ios&owner=company&step=profile&where=this')
      await downloadBy(page, () =>
        clickTwice(page.getByRole('button', { name: 'Install profile' })),
      )
      await expect(
        page.getByRole('heading', { level: 2, name: 'Install the profile in Settings' }),
      ).toBeVisible()
      expect(sent.filter((path) => path === '/api/portal/links')).toHaveLength(1)
    })

    test('“Download profile” fetches the profile once', async ({ page, signIn }) => {
      const sent = posts(page)
      await signIn('anna', '/enroll?platform=ios&owner=company&step=profile&where=other')
      await downloadBy(page, () =>
        clickTwice(page.getByRole('button', { name: 'Download profile' })),
      )
      await expect(page.getByRole('status').filter({ hasText: 'Downloaded' })).toBeVisible()
      expect(sent.filter((path) => path === '/api/mdm/v2/user/mdmprofile')).toHaveLength(1)
    })

    test('“Show the setup code” fetches the profile once', async ({ page, signIn }) => {
      const sent = posts(page)
      await signIn('anna', '/enroll?platform=android&owner=company&step=install')
      await clickTwice(page.getByRole('button', { name: 'Show the setup code' }))
      await expect(
        page.getByRole('img', { name: 'Setup code for the Android setup wizard' }),
      ).toBeVisible()
      expect(sent.filter((path) => path === '/api/mdm/v2/user/mdmprofile')).toHaveLength(1)
    })
  })

  test('the wizard opened while the service is down says so, and “Try again” opens it with the choices', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await page.route('**/api/mdm/v2/user/info', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'text/html',
        body: '<h1>Service Unavailable</h1>',
      }),
    )
    await signIn('anna', '/enroll?platform=ios&owner=company&step=check')
    const failure = page.getByRole('alert')
    await expect(failure).toContainText('The service is not available at the moment')
    await expectAccessible()
    await page.unroute('**/api/mdm/v2/user/info')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible()
    await expect(page.getByText('You are enrolling: iPhone or iPad, Company device')).toBeVisible()
  })

  test('the browser’s Back shows the device step with the choices made', async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/enroll')
    await page.getByRole('radio', { name: /Android phone or tablet/ }).check()
    await page.getByRole('radio', { name: /Company device/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 2, name: 'Which device' })).toBeVisible()
    await expect(page.getByRole('radio', { name: /Android phone or tablet/ })).toBeChecked()
    await expect(page.getByRole('radio', { name: /Company device/ })).toBeChecked()
    await page.goForward()
    await expect(page.getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible()
  })

  test('the wizard’s Back steps back as the browser’s Back does, and by keyboard', async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/enroll')
    await page.getByRole('radio', { name: /Android phone or tablet/ }).check()
    await page.getByRole('radio', { name: /Company device/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    const check = page.getByRole('heading', { level: 2, name: 'Before you start' })
    await expect(check).toBeFocused()
    await page.getByRole('button', { name: 'Continue' }).click()
    const profile = page.getByRole('heading', { level: 2, name: 'Start the enrollment' })
    await expect(profile).toBeFocused()

    // The wizard's Back, by keyboard: the step before, its heading focused.
    await page.getByRole('button', { name: 'Back', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(check).toBeFocused()
    await expect(page).toHaveURL(/platform=android&owner=company&step=check$/)
    // The browser's Back goes on backwards, to the choices, not forward to the step just left.
    await page.goBack()
    await expect(page.getByRole('heading', { level: 2, name: 'Which device' })).toBeFocused()
    await expect(page.getByRole('radio', { name: /Android phone or tablet/ })).toBeChecked()
    await expect(page.getByRole('radio', { name: /Company device/ })).toBeChecked()
    // Forward walks the same steps again.
    await page.goForward()
    await expect(check).toBeFocused()
    await page.goForward()
    await expect(profile).toBeFocused()
  })

  test('the wizard’s Back on a step opened from a link leaves the page before it where it was', async ({
    page,
    signIn,
  }) => {
    // Like the QR code's or a bookmark's address: a later step is the wizard's first entry.
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible()
    await page.goto('/enroll?platform=ios&owner=company&step=install')
    await page.getByRole('button', { name: 'Back to the profile' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Get the profile' })).toBeFocused()
    await page.goBack()
    await expect(page).toHaveURL(/\/devices$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible()
  })

  test('a link back to an earlier step takes the place of the step left: the browser’s Back goes on backwards, to the page before the wizard or the step before the one left', async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible()
    await page.goto('/enroll')
    await page.getByRole('radio', { name: /Android phone or tablet/ }).check()
    await page.getByRole('radio', { name: /Company device/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    const check = page.getByRole('heading', { level: 2, name: 'Before you start' })
    const device = page.getByRole('heading', { level: 2, name: 'Which device' })
    await expect(check).toBeFocused()

    // "Change" from the check goes back to the choices, the entry before: Back then leaves the
    // wizard for the page before it, rather than returning to the check just left.
    await page.getByRole('link', { name: 'Change' }).click()
    await expect(device).toBeFocused()
    await expect(page.getByRole('radio', { name: /Company device/ })).toBeChecked()
    await page.goBack()
    await expect(page).toHaveURL(/\/devices$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible()

    // The progress list's link from the profile to the choices, two steps back: Back then goes
    // to the check, the step before the profile, not forward again to the profile.
    await page.goForward()
    await expect(device).toBeVisible()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(check).toBeFocused()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(
      page.getByRole('heading', { level: 2, name: 'Start the enrollment' }),
    ).toBeFocused()
    await page
      .getByRole('list', { name: 'Progress' })
      .getByRole('link', { name: /Device/ })
      .click()
    await expect(device).toBeFocused()
    await page.goBack()
    await expect(check).toBeFocused()
    await expect(page).toHaveURL(/step=check$/)
  })

  test.describe('on a Mac', () => {
    test.use({ userAgent: MAC_CHROME })

    test('company: the direct link brings the profile; personal: the file is saved with the session', async ({
      page,
      signIn,
      expectAccessible,
      request,
    }) => {
      const watched = watchAddresses(page)
      await signIn('anna', '/enroll')
      const mac = page.getByRole('radio', { name: /^Mac/ })
      await expect(mac).toBeChecked()
      await expect(page.getByText('This device', { exact: true })).toBeVisible()
      await page.getByRole('radio', { name: /Company device/ }).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page.getByRole('list', { name: 'What you need' })).toContainText('administrator')
      await page.getByRole('button', { name: 'Continue' }).click()

      await expect(page.getByRole('radio', { name: 'On the Mac I want to enroll' })).toBeChecked()
      // The other place a Mac's page is opened on: another computer or a phone, not "a computer".
      await expect(
        page.getByRole('radio', { name: 'On another computer or a phone', exact: true }),
      ).not.toBeChecked()
      await expectAccessible()
      const direct = await downloadBy(page, () =>
        page.getByRole('button', { name: 'Get the profile' }).click(),
      )
      expect(isOneTimeLink(direct.response.url())).toBe(true)
      expect(direct.response.headers()['content-type']).toBe('application/x-apple-aspen-config')
      expect(direct.download.suggestedFilename()).toBe('enrollment-macos.mobileconfig')
      expect(direct.text).toContain('macOS enrollment')
      // The page moved on to the installation, and the token never entered the page.
      await expect(
        page.getByRole('heading', { level: 2, name: 'Install the profile in System Settings' }),
      ).toBeVisible()
      const token = await page.evaluate(() => sessionStorage.getItem('mdm.session'))
      expect(token).toBeTruthy()
      expect(await page.content()).not.toContain(String(token))
      expectNoToken(watched.addresses, String(token))
      await expectAccessible()

      await page
        .getByRole('list', { name: 'Progress' })
        .getByRole('link', { name: /Device/ })
        .click()
      await expect(page.getByRole('heading', { level: 2, name: 'Which device' })).toBeVisible()
      await page.getByRole('radio', { name: /Personal device/ }).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page.getByText('anna.berger@appleid.example.com')).toBeVisible()
      await page.getByRole('button', { name: 'Continue' }).click()
      const saved = await downloadBy(page, () =>
        page.getByRole('button', { name: 'Download profile' }).click(),
      )
      expect(saved.response.request().method()).toBe('POST')
      expect(saved.response.headers()['content-type']).toBe('application/x-apple-aspen-config')
      expect(saved.download.suggestedFilename()).toBe('enrollment-macos-byod.mobileconfig')
      expect(saved.text).toContain('anna.berger@appleid.example.com')
      expect(withoutEnrollmentToken(saved.text)).toBe(
        await profileFromService(page, request, { mdmtype: 'apple', mac: true, byod: true }),
      )
    })
  })
})
