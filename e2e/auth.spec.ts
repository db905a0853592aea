import type { Page } from '@playwright/test'
import { expect, portalRunning, seedSession, test, users } from './fixtures'

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test.describe('sign-in', () => {
  test('signs in where the user wanted to go, keeps the session on reload, and signs out', async ({
    page,
    expectAccessible,
  }) => {
    // The guard runs before any loader: no request leaves without a session.
    const apiCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/mdm/v2/')) apiCalls.push(new URL(request.url()).pathname)
    })
    await page.goto('/account')
    await expect(page).toHaveURL(/\/login\?from=%2Faccount$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    expect(apiCalls).toEqual([])
    await expect(page.getByRole('complementary', { name: 'Demo accounts' })).toBeVisible()
    await expectAccessible()

    // Nothing typed: each field says what is missing, and focus goes to the first.
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByLabel('E-mail address')).toBeFocused()
    await expect(page.getByLabel('E-mail address')).toHaveAccessibleDescription(
      'Enter your e-mail address.',
    )
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )

    // A wrong password: a clear message, the e-mail address stays.
    await fillSignIn(page, users.anna.email, 'not-her-password1')
    await expect(page.getByRole('alert')).toHaveText(
      'The e-mail address or the password is not correct.',
    )
    await expect(page.getByLabel('E-mail address')).toHaveValue(users.anna.email)
    await expectAccessible()

    // Show and hide the password.
    const password = page.getByLabel('Password', { exact: true })
    await password.fill(users.anna.password)
    await expect(password).toHaveAttribute('type', 'password')
    await page.getByRole('button', { name: 'Show password' }).click()
    await expect(password).toHaveAttribute('type', 'text')
    await page.getByRole('button', { name: 'Hide password' }).click()
    await expect(password).toHaveAttribute('type', 'password')

    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    const details = page.getByRole('region', { name: 'Personal details' })
    await expect(details.getByRole('definition')).toContainText([
      users.anna.name,
      users.anna.email,
      'Anna',
      'Berger',
    ])
    await expectAccessible()

    // A reload keeps the session; the token is nowhere but in this tab's sessionStorage.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    expect(page.url()).not.toContain('token')
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toMatch(
      /session|token/i,
    )

    // Signed in, the sign-in and password pages send the user on.
    await page.goto('/login?from=%2Faccount')
    await expect(page).toHaveURL(/\/account$/)
    await page.goto('/forgot-password')
    await expect(page).toHaveURL(/\/devices$/)

    await page.goto('/account')
    await page.getByRole('region', { name: 'Sign out' }).getByRole('button').click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText('You have signed out.')).toBeVisible()
  })

  test('signing out ends the token on the server too; another browser stays signed in', async ({
    page,
    signIn,
    control,
    request,
  }) => {
    const elsewhere = await control.login('anna')
    await signIn('anna', '/account')
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    const token = await page.evaluate(() => sessionStorage.getItem('mdm.session'))
    expect(token).toBeTruthy()

    const ended = page.waitForResponse('**/api/portal/sign-out')
    await page.getByRole('button', { name: /^Signed in as/ }).click()
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect((await ended).status()).toBe(200)

    // Whoever copied the token cannot use it any more; the other session goes on.
    const refused = await request.post('/api/mdm/v2/device/list', { data: { token } })
    expect(refused.status()).toBe(401)
    const other = await request.post('/api/mdm/v2/device/list', { data: { token: elsewhere } })
    expect(other.status()).toBe(200)
  })

  test('after five wrong passwords this browser waits; a lost connection keeps what was typed', async ({
    page,
    control,
  }) => {
    await page.goto('/login')
    for (let attempt = 1; attempt <= 5; attempt++) {
      await fillSignIn(page, users.ben.email, `Wrong-Pass-${attempt}`)
      await expect(page.getByRole('alert')).toHaveText(
        'The e-mail address or the password is not correct.',
      )
      await expect(page.getByRole('button', { name: 'Sign in' })).not.toHaveAttribute('aria-busy')
    }
    // The service checks no password of Ben's from here for 15 s: even the right one gets the
    // answer of a wrong one, so a guesser never learns that a guess was right.
    const refused = page.waitForResponse((response) => response.url().endsWith('/user/login'))
    await fillSignIn(page, users.ben.email, users.ben.password)
    expect(await (await refused).json()).toMatchObject({ errorcode: '03100005' })
    await expect(page.getByRole('alert')).toHaveText(
      'The e-mail address or the password is not correct.',
    )
    await expect(page).toHaveURL(/\/login$/)

    await page.route('**/api/mdm/v2/user/login', (route) => route.abort('internetdisconnected'))
    await fillSignIn(page, users.anna.email, users.anna.password)
    await expect(page.getByRole('alert')).toHaveText(
      'The service cannot be reached. Check your connection and try again.',
    )
    await expect(page.getByLabel('E-mail address')).toHaveValue(users.anna.email)
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(users.anna.password)

    // A rate limit in front of the service has its own words.
    await page.route('**/api/mdm/v2/user/login', (route) =>
      route.fulfill({ status: 429, json: { statusCode: 429, error: 'Too Many Requests' } }),
    )
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Too many attempts in a short time. Please wait a moment and try again.',
    )

    // Once the wait is over, Ben's right password signs him in.
    await page.unroute('**/api/mdm/v2/user/login')
    await control.advanceClock(15_000)
    await fillSignIn(page, users.ben.email, users.ben.password)
    await expect(page).toHaveURL(/\/devices$/)
  })

  test('an expired session returns to sign-in and then back to the same page', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    await signIn('anna', '/account')
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    // The page's own reads are answered first, so that the expiry meets the form's write.
    await portalRunning(page)
    await expect(page.getByRole('definition').filter({ hasText: users.anna.email })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await control.advanceClock(61 * 60_000)

    // The expiry meets a write: the form is left for the sign-in page, without a raw error.
    await page.getByLabel('Current password', { exact: true }).fill(users.anna.password)
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-1')
    await page.getByLabel('Confirm password').fill('Brand-New-1')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page).toHaveURL(/\/login\?from=%2Faccount$/)
    await expect(page.getByRole('alert')).toHaveText(/Your session has expired/)
    await expectAccessible()

    await fillSignIn(page, users.anna.email, users.anna.password)
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  })

  test('a token about to expire is renewed once, without the user noticing', async ({
    page,
    signIn,
    control,
  }) => {
    await control.settings({ tokenLifetimeMs: 10 * 60_000, renewalWindowMs: 5 * 60_000 })
    const tokens: string[] = []
    let renewals = 0
    page.on('request', (request) => {
      if (!request.url().includes('/api/mdm/v2/')) return
      if (request.url().endsWith('/user/renewtoken')) renewals++
      else tokens.push(String(request.postDataJSON()?.token))
    })
    await signIn('anna', '/account')
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    const first = tokens[0]

    // Inside the renewal window: the language switch re-reads the page, then pages change.
    await control.advanceClock(6 * 60_000)
    await page.getByRole('region', { name: 'Language' }).getByLabel('Language').selectOption('de')
    await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await nav.getByRole('link', { name: 'Geräte' }).click()
    await expect(page).toHaveURL(/\/devices$/)
    await nav.getByRole('link', { name: 'Konto' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible()
    await expect.poll(() => renewals).toBe(1)

    // Later requests use the new token, and no second renewal follows.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible()
    expect(tokens.at(-1)).not.toBe(first)
    expect(renewals).toBe(1)
    await expect(page).toHaveURL(/\/account$/)
  })

  test('signing out in one tab signs out every tab', async ({ page, context, control }) => {
    const seed = async (tab: Page, token: string) => {
      await seedSession(tab, token)
      await tab.goto('/account')
      await expect(tab.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    }
    const other = await context.newPage()
    await seed(page, await control.login('anna'))
    await seed(other, await control.login('anna'))

    await page.getByRole('region', { name: 'Sign out' }).getByRole('button').click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(other).toHaveURL(/\/login$/)
    await expect(other.getByText('You have signed out.')).toBeVisible()
    await other.goto('/account')
    await expect(other).toHaveURL(/\/login\?from=%2Faccount$/)
  })
})

test.describe('in German', () => {
  test.use({ locale: 'de-DE' })

  test('every request says Accept-Language: de, and switching language re-reads the page', async ({
    page,
    expectAccessible,
  }) => {
    const languages: { path: string; language: string | undefined }[] = []
    page.on('request', (request) => {
      if (!request.url().includes('/api/mdm/v2/')) return
      const path = new URL(request.url()).pathname.replace('/api/mdm/v2/', '')
      languages.push({ path, language: request.headers()['accept-language'] })
    })
    await page.goto('/account')
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
    await expectAccessible()
    await page.getByLabel('E-Mail-Adresse').fill(users.anna.email)
    await page.getByLabel('Passwort', { exact: true }).fill('falsch-123')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'E-Mail-Adresse oder Passwort ist nicht korrekt.',
    )
    await page.getByLabel('Passwort', { exact: true }).fill(users.anna.password)
    await page.getByRole('button', { name: 'Anmelden' }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Persönliche Daten' })).toBeVisible()
    await expectAccessible()
    expect(languages.map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['user/login', 'user/info']),
    )
    expect(languages.filter((entry) => entry.language !== 'de')).toEqual([])

    // The switch on the account page says plainly what it affects: this browser, not the e-mails.
    const language = page.getByRole('region', { name: 'Sprache' })
    await expect(language).toContainText('Gilt für dieses Portal in diesem Browser')
    await expect(language).toContainText('E-Mails des Dienstes behalten die Sprache')
    // The page follows, and what it shows is read again.
    await language.getByLabel('Sprache').selectOption('en')
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    await expect.poll(() => languages.at(-1)).toEqual({ path: 'user/info', language: 'en' })
  })
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('a demo account signs in with two taps', async ({ page, expectAccessible }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Use Ben Keller' }).click()
    await expect(page.getByLabel('E-mail address')).toHaveValue(users.ben.email)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/devices$/)
    await page.goto('/account')
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    // Ben's record has come: he has no managed Apple ID.
    await expect(page.getByRole('definition').last()).toHaveText('Not set')
    await expectAccessible()
  })
})
