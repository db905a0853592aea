import {
  decodeQr,
  downloadBy,
  expectNoToken,
  isOneTimeLink,
  isProfileResponse,
  profileFromService,
  withoutEnrollmentToken,
  savedText,
  sessionToken,
  watchAddresses,
} from './enroll-helpers'
import { beside, expect, test } from './fixtures'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'
const PHONE = { width: 375, height: 740 }

test.describe('enrolling on an iPhone', () => {
  test.use({ userAgent: IPHONE_SAFARI, viewport: PHONE })

  test("Anna's personal iPhone: preselected, her managed Apple ID checked, the direct link brings the profile", async ({
    page,
    signIn,
    expectAccessible,
    baseURL,
  }, testInfo) => {
    const watched = watchAddresses(page)
    await signIn('anna', '/enroll')
    await expect(page.getByRole('radio', { name: /iPhone or iPad/ })).toBeChecked()
    await expect(page.getByText('This device', { exact: true })).toBeVisible()
    await expect(page.getByText('Step 1 of 4')).toBeVisible()
    await page.getByRole('radio', { name: /Personal device/ }).check()
    await testInfo.attach('device step', { body: await page.screenshot({ fullPage: true }) })
    await page.getByRole('button', { name: 'Continue' }).click()

    await expect(
      page.getByText('Your managed Apple ID: anna.berger@appleid.example.com'),
    ).toBeVisible()
    await expectAccessible()
    await page.getByRole('button', { name: 'Continue' }).click()

    await expect(
      page.getByRole('radio', { name: 'On the iPhone or iPad I want to enroll' }),
    ).toBeChecked()
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0)
    await expectAccessible()
    // Opened on a second phone instead, the page offers the QR code for this one.
    await page.getByRole('radio', { name: /another device/ }).check()
    const qr = page.getByRole('img', { name: 'QR code to open this page on your phone' })
    expect(await decodeQr(qr)).toBe(`${baseURL}/enroll?platform=ios&owner=personal`)
    await page.getByRole('radio', { name: 'On the iPhone or iPad I want to enroll' }).check()
    await testInfo.attach('profile step', { body: await page.screenshot({ fullPage: true }) })
    // The connection drops on the first try: what failed is the profile, not a page, and the
    // choice stays as it was for the retry.
    await page.route('**/api/portal/links', (route) => route.abort('internetdisconnected'))
    await page.getByRole('button', { name: 'Install profile' }).click()
    const failure = page.getByRole('alert')
    await expect(failure).toContainText('The profile could not be opened.')
    await expect(failure).toContainText('The service cannot be reached')
    await expect(failure).not.toContainText('enrollment page')
    await expect(page).toHaveURL(/step=profile&where=this/)
    await expectAccessible()
    await page.unroute('**/api/portal/links')
    const { download, response, text } = await downloadBy(page, () =>
      page.getByRole('button', { name: 'Install profile' }).click(),
    )
    // Safari gets the profile through a one-time link: the token is in no address it sees.
    expect(isOneTimeLink(response.url())).toBe(true)
    expect(response.headers()['content-type']).toBe('application/x-apple-aspen-config')
    expect(download.suggestedFilename()).toBe('enrollment-ios-byod.mobileconfig')
    expectNoToken(watched.addresses, await sessionToken(page))
    expect(text).toContain('<string>anna.berger@appleid.example.com</string>')

    // Coming back from Settings, the page shows what to do there.
    await expect(page).toHaveURL(/step=install/)
    await expect(
      page.getByRole('heading', { level: 2, name: 'Install the profile in Settings' }),
    ).toBeVisible()
    await expect(page.getByRole('list', { name: 'Steps' })).toContainText(
      'Sign in with your managed Apple ID anna.berger@appleid.example.com',
    )
    await expectAccessible()
    await testInfo.attach('install step', { body: await page.screenshot({ fullPage: true }) })
  })

  test('a new user goes from the invitation e-mail to a downloaded profile without help', async ({
    page,
    control,
  }) => {
    const invitation = (await control.outbox()).find((mail) => mail.to === 'new@example.com')
    const link = invitation?.links.find((href) => href.includes('/reset-password'))
    expect(link).toBeDefined()
    await page.goto(String(link))
    await page.getByLabel('New password', { exact: true }).fill('Welcome-2-Portal')
    await page.getByLabel('Confirm password').fill('Welcome-2-Portal')
    await page.getByRole('button', { name: 'Set password' }).click()

    await page.getByLabel('E-mail address').fill('new@example.com')
    await page.getByLabel('Password', { exact: true }).fill('Welcome-2-Portal')
    await page.getByRole('button', { name: 'Sign in' }).click()

    // Signed in, the wizard is waiting with the phone already recognised.
    await expect(page.getByRole('heading', { level: 1, name: 'Enroll a device' })).toBeVisible()
    await expect(page.getByRole('radio', { name: /iPhone or iPad/ })).toBeChecked()
    await page.getByRole('radio', { name: /Company device/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    const { download, response } = await downloadBy(page, () =>
      page.getByRole('button', { name: 'Install profile' }).click(),
    )
    expect(response.headers()['content-type']).toBe('application/x-apple-aspen-config')
    expect(download.suggestedFilename()).toBe('enrollment-ios.mobileconfig')
    await expect(
      page.getByRole('heading', { level: 2, name: 'Install the profile in Settings' }),
    ).toBeVisible()
  })

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' })

    test("Ben's personal iPhone is blocked with the explanation; a company iPhone goes ahead", async ({
      page,
      signIn,
      expectAccessible,
    }, testInfo) => {
      // Even an address that skips ahead lands on the check.
      await signIn('ben', '/enroll?platform=ios&owner=personal&step=profile')
      await expect(
        page.getByRole('heading', { level: 2, name: 'Bevor Sie beginnen' }),
      ).toBeVisible()
      const blocked = page
        .getByRole('alert')
        .filter({ hasText: 'Sie brauchen zuerst eine verwaltete Apple-ID' })
      await expect(blocked).toContainText('ben@example.com')
      await expect(blocked).toContainText('IT\u2011Helpdesk')
      await expect(page.getByRole('button', { name: 'Profil installieren' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Profil herunterladen' })).toHaveCount(0)
      await expectAccessible()
      await testInfo.attach('blocked', { body: await page.screenshot({ fullPage: true }) })

      await beside(blocked).getByRole('button', { name: 'Erneut prüfen' }).click()
      await expect(page.getByRole('main').getByRole('status')).toContainText(
        'Ihr Konto hat noch keine verwaltete Apple-ID.',
      )

      await beside(blocked).getByRole('button', { name: 'Anderes Gerät wählen' }).click()
      await expect(
        page.getByRole('heading', { level: 2, name: 'Welches Gerät möchten Sie registrieren?' }),
      ).toBeFocused()
      await page.getByRole('radio', { name: /Firmengerät/ }).check()
      await expectAccessible()
      await page.getByRole('button', { name: 'Weiter' }).click()
      await expect(page.getByRole('list', { name: 'Was Sie brauchen' })).toContainText('Safari')
      await page.getByRole('button', { name: 'Weiter' }).click()
      await expect(page.getByRole('button', { name: 'Profil installieren' })).toBeVisible()
      await expectAccessible()
    })
  })
})

test.describe('enrolling on an Android phone', () => {
  test.use({ userAgent: ANDROID_CHROME, viewport: PHONE })

  test('personal opens the enrollment page beside the portal; company shows the code on another screen and saves the file', async ({
    page,
    signIn,
    expectAccessible,
    request,
    baseURL,
    control,
  }, testInfo) => {
    // The downloaded profiles' devices arrive after the journey, not halfway through its steps.
    await control.settings({ commandDelayMs: 600_000 })
    const watched = watchAddresses(page)
    await signIn('anna', '/enroll')
    const token = await sessionToken(page)
    await expect(page.getByRole('radio', { name: /Android phone or tablet/ })).toBeChecked()
    await page.getByRole('radio', { name: /Personal device/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('list', { name: 'What you need' })).toContainText('work profile')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(
      page.getByRole('heading', { level: 2, name: 'Start the enrollment' }),
    ).toBeVisible()
    await expect(
      page.getByRole('radio', { name: 'On the Android device I want to enroll' }),
    ).toBeChecked()

    // The direct link opens the service's enrollment page in a new tab of the phone's browser:
    // the portal stays where it was.
    const [page_, service] = await Promise.all([
      page.context().waitForEvent('response', isProfileResponse),
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Open enrollment page (opens in a new tab)' }).click(),
    ])
    expect(page_.headers()['content-type']).toContain('text/html')
    await expect(
      service.getByRole('heading', { level: 1, name: 'Add a work profile to your Android device' }),
    ).toBeVisible()
    // Cut off from the portal's window.
    expect(await service.evaluate(() => window.opener)).toBeNull()
    // Its link saves the file under the name the service gives it, through a one-time link of
    // its own: the service's page links the file with the token, the portal rewrote that.
    const fileLink = service.getByRole('link', { name: 'Download enrollment file' })
    await expect(fileLink).toHaveAttribute('download', 'enrollment-android-work-profile.json')
    expect(
      isOneTimeLink(new URL(String(await fileLink.getAttribute('href')), service.url()).href),
    ).toBe(true)
    const [linked] = await Promise.all([service.waitForEvent('download'), fileLink.click()])
    expect(linked.suggestedFilename()).toBe('enrollment-android-work-profile.json')
    expect(JSON.parse(await savedText(linked))).toMatchObject({ mode: 'workProfile' })
    expect(await service.content()).not.toContain(token)
    await service.close()
    // In the portal, the steps for the work profile wait.
    await expect(
      page.getByRole('heading', { level: 2, name: 'Set up the work profile' }),
    ).toBeVisible()
    await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(4)
    await expectAccessible()

    // The file, for when IT asks for it, is saved with the session under the service's name.
    await page.getByRole('button', { name: 'Back to the profile' }).click()
    const file = await downloadBy(page, () =>
      page.getByRole('button', { name: 'Download profile' }).click(),
    )
    expect(file.response.headers()['content-type']).toBe('application/json; charset=utf-8')
    expect(file.download.suggestedFilename()).toBe('enrollment-android-work-profile.json')
    expect(JSON.parse(file.text)).toMatchObject({ mode: 'workProfile', user: 'anna@example.com' })
    expect(withoutEnrollmentToken(file.text)).toBe(
      await profileFromService(page, request, { mdmtype: 'android', byod: true }),
    )

    await page
      .getByRole('list', { name: 'Progress' })
      .getByRole('link', { name: /Device/ })
      .click()
    await page.getByRole('radio', { name: /Company device/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(
      page.getByText('A company phone usually starts from a factory reset'),
    ).toBeVisible()
    await expectAccessible()
    await testInfo.attach('android company check', {
      body: await page.screenshot({ fullPage: true }),
    })
    await page.getByRole('button', { name: 'Continue' }).click()
    // On the phone itself: the code it scans comes from another screen, or the phone in use
    // gets a work profile.
    await page.getByRole('radio', { name: 'On the Android device I want to enroll' }).check()
    await expect(
      page.getByText(/^A company phone is set up from its welcome screen, right after a reset/),
    ).toBeVisible()
    const sendLink = page.getByRole('link', { name: 'Send the link to anna@example.com' })
    const mailto = new URL(String(await sendLink.getAttribute('href')))
    expect(mailto.protocol).toBe('mailto:')
    expect(mailto.pathname).toBe('anna@example.com')
    const codeAddress = `${baseURL}/enroll?platform=android&owner=company&step=install&where=other`
    expect(mailto.searchParams.get('body')).toContain(codeAddress)
    await expect(page.getByText(codeAddress, { exact: true })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 3, name: 'Phone already in use: add a work profile' }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: /^Open enrollment page/ })).toBeVisible()
    await expectAccessible()
    await page.screenshot({
      path: '/tmp/shots-ux-devices/android-company-phone-profile.png',
      fullPage: true,
    })
    await page.getByRole('button', { name: 'Continue to the installation' }).click()
    // The steps do not ask the phone to scan its own screen: no code is shown here.
    const steps = page.getByRole('list').filter({ hasText: 'Erase all data' })
    await expect(steps).toContainText('First open this page on another screen')
    await expect(steps).toContainText('scan the setup code shown on the other screen')
    await expect(page.getByRole('button', { name: 'Show the setup code' })).toHaveCount(0)
    await expect(page.getByText(codeAddress, { exact: true })).toBeVisible()
    await expectAccessible()
    await page.screenshot({
      path: '/tmp/shots-ux-devices/android-company-phone-install.png',
      fullPage: true,
    })
    // Opened where the code belongs, on a computer, the address goes straight to the code.
    await page.goto(codeAddress)
    await expect(page.getByRole('button', { name: 'Show the setup code' })).toBeVisible()
    await page.getByRole('button', { name: 'Back to the profile' }).click()
    const saved = await downloadBy(page, () =>
      page.getByRole('button', { name: 'Download profile' }).click(),
    )
    expect(saved.response.request().method()).toBe('POST')
    expect(saved.response.headers()['content-type']).toBe('application/json; charset=utf-8')
    expect(saved.download.suggestedFilename()).toBe('enrollment-android-fully-managed.json')
    expect(JSON.parse(saved.text)).toMatchObject({ mode: 'fullyManaged' })
    expect(withoutEnrollmentToken(saved.text)).toBe(
      await profileFromService(page, request, { mdmtype: 'android' }),
    )
    expectNoToken(watched.addresses, token)

    await page.getByRole('button', { name: 'Continue to the installation' }).click()
    await expect(
      page.getByRole('heading', { level: 2, name: 'Set up the company phone' }),
    ).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: /fully managed/ })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: /already in use/ })).toBeVisible()
    await expectAccessible()
  })
})
