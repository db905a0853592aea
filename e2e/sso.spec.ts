/**
 * Sign-in with Microsoft, end to end: the portal of the `sso` project started its local OpenID
 * Connect provider (MDM_DEMO_IDP=1), a real one with signed tokens, refresh tokens and its own
 * sign-in page, and the demo API checks those tokens against the provider's keys.
 */
import type { Page } from '@playwright/test'
import { setTimeout as later } from 'node:timers/promises'
import { beside, codeOf, expect, test } from './fixtures'

test.use({ locale: 'de-DE' })

/** The demo provider's own page: one button per demo account, and a way to cancel. */
async function chooseAccount(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Konto auswählen' })).toBeVisible()
  await page.getByRole('button', { name: new RegExp(name) }).click()
}

/**
 * Back from the provider, the portal loads again and fetches the provider's library first. Also
 * the bound of a wait for a request the portal may never send: a renewal that failed leaves the
 * page on the sign-in form, and an unbounded wait would say so only at the test's timeout.
 */
const BACK = { timeout: 30_000 }

function isMicrosoftLogin(body: string | null): boolean {
  return body !== null && body.includes('"type":"microsoft"')
}

test('Anna signs in with Microsoft, keeps her session, renews it silently and signs out', async ({
  page,
  control,
  expectAccessible,
}) => {
  // The sign-in page as the server sends it speaks the visitor's language throughout.
  const sent = await page.request.get('/login', { headers: { 'accept-language': 'de' } })
  expect(await sent.text()).toContain('Mit Microsoft anmelden</button>')

  await page.goto('/devices')
  await expect(page).toHaveURL(/\/login\?from=%2Fdevices$/)
  const button = page.getByRole('button', { name: 'Mit Microsoft anmelden' })
  await expect(button).toBeVisible()
  // The password form stays available next to it.
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible()
  await expectAccessible()

  // Back from the provider, the portal takes over the sign-in page the server drew (only the
  // browser sees the provider's answer in the address) without an error (fixtures.ts).
  const failed: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') failed.push(`${message.text()} ${message.location().url}`)
  })
  await button.click()
  await chooseAccount(page, 'Anna Berger')
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Geräte' })).toBeVisible(BACK)
  await expect(page).toHaveURL(/\/devices$/)
  // The provider's answer is gone from the address.
  expect(page.url()).not.toMatch(/code=|state=/)
  // Neither the provider's page nor the way back asked for anything that is not there.
  expect(failed).toEqual([])

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Geräte' })).toBeVisible()

  // The service's session expires: the portal asks the provider for a new identity token
  // (refresh token) and signs in again, without a detour over the sign-in page. However late the
  // files the page does not name come, the renewal is in place before the first answer says
  // the session has expired.
  const named = await codeOf(page.request, '/devices')
  await page.route('**/assets/*.js', async (route) => {
    if (!named.includes(new URL(route.request().url()).pathname)) await later(3_000)
    await route.continue()
  })
  const renewal = page.waitForRequest(
    (request) => request.url().endsWith('/user/login') && isMicrosoftLogin(request.postData()),
    BACK,
  )
  await control.advanceClock(2 * 60 * 60 * 1000)
  await page.reload()
  await renewal
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Geräte' })).toBeVisible()
  await expect(page).toHaveURL(/\/devices$/)
  // A file still held back is let through before the page moves on: a request the next page's
  // navigation cancelled could not be let through any more.
  await page.unrouteAll({ behavior: 'wait' })

  await page.goto('/account')
  await page.getByRole('region', { name: 'Abmelden' }).getByRole('button').click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Sie haben sich abgemeldet.')).toBeVisible()
  // Nothing is left in the tab to sign in again by itself.
  expect(await page.evaluate(() => Object.keys(sessionStorage).join(' '))).not.toMatch(
    /oidc\.user|mdm\.session/,
  )
})

test('a cancelled sign-in says so and keeps the way back', async ({ page, expectAccessible }) => {
  await page.goto('/apps')
  await page.getByRole('button', { name: 'Mit Microsoft anmelden' }).click()
  await expect(page.getByRole('heading', { name: 'Konto auswählen' })).toBeVisible()
  await page.getByRole('link', { name: 'Abbrechen' }).click()

  await expect(page.getByRole('alert')).toHaveText(
    'Die Anmeldung mit Microsoft wurde abgebrochen. Starten Sie sie erneut, sobald Sie so weit sind.',
    BACK,
  )
  await expect(page).toHaveURL(/\/login\?from=%2Fapps$/)
  await expectAccessible()

  // Trying again goes on to where the user was going.
  await page.getByRole('button', { name: 'Mit Microsoft anmelden' }).click()
  await chooseAccount(page, 'Anna Berger')
  await expect(page).toHaveURL(/\/apps$/, BACK)
})

test('an account the service does not know is named, and another account can be used', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Mit Microsoft anmelden' }).click()
  await chooseAccount(page, 'Sam Someone')

  const alert = page.getByRole('alert')
  await expect(alert).toContainText(
    'Dieses Konto ist für das Geräteportal nicht eingerichtet',
    BACK,
  )
  await expect(alert).toContainText('Der Gerätedienst kennt keinen Benutzer someone@example.com.')
  await expect(page).toHaveURL(/\/login$/)
  await expectAccessible()

  await beside(alert).getByRole('button', { name: 'Anderes Konto verwenden' }).click()
  await chooseAccount(page, 'Anna Berger')
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Geräte' })).toBeVisible(BACK)
})

test.describe('in English at phone width', () => {
  test.use({ locale: 'en-US', viewport: { width: 375, height: 740 } })

  test('the button and a cancelled sign-in read in English', async ({ page, expectAccessible }) => {
    await page.goto('/login')
    await expect(page.getByText('or with your e-mail address and password')).toBeVisible()
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click()
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible()
    await page.getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('alert')).toContainText(
      'Sign-in with Microsoft was cancelled.',
      BACK,
    )
    await expectAccessible()
  })
})

test('an administrator signs in with Microsoft to the help desk', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/login')
  await page.getByRole('switch', { name: 'Als Administrator anmelden' }).check()
  const login = page.waitForRequest(
    (request) => request.url().endsWith('/user/login') && isMicrosoftLogin(request.postData()),
    BACK,
  )
  await page.getByRole('button', { name: 'Mit Microsoft anmelden' }).click()
  await chooseAccount(page, 'Hugo Helpdesk')
  expect((await login).postDataJSON()).toMatchObject({ type: 'microsoft', usertype: 'admin' })
  await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible(BACK)
  await expect(page).toHaveURL(/\/admin\/users$/)
  // This portal keeps no records, so it has no roles file: every administrator is `admin`.
  await expect(page.getByRole('button', { name: 'Benutzer einladen' })).toBeVisible()
  await page.getByRole('button', { name: /Hugo Helpdesk/ }).click()
  await expect(page.getByText('Rolle: Administrator', { exact: true }).last()).toBeVisible()
  await expectAccessible()
})

test('a Microsoft sign-in ended from another browser is not signed in again by itself', async ({
  page,
  request,
}) => {
  await page.goto('/devices')
  await page.getByRole('button', { name: 'Mit Microsoft anmelden' }).click()
  await chooseAccount(page, 'Anna Berger')
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Geräte' })).toBeVisible(BACK)
  const token = await page.evaluate(() => sessionStorage.getItem('mdm.session'))

  // Its token is signed out elsewhere: as "Sign out there" on the account page does where the
  // portal keeps records (records.spec.ts), the portal answers it as a session it ended.
  const ended = await request.post('/api/portal/sign-out', { data: { token } })
  expect(ended.ok(), await ended.text()).toBe(true)

  // Microsoft's refresh token would sign this browser in again behind her back.
  const logins: string[] = []
  page.on('request', (sent) => {
    if (sent.url().endsWith('/user/login')) logins.push(sent.postData() ?? '')
  })
  await page.reload()
  await expect(
    page.getByText('Sie wurden abgemeldet: Diese Sitzung wurde in einem anderen Browser beendet', {
      exact: false,
    }),
  ).toBeVisible(BACK)
  await expect(page).toHaveURL(/\/login\?from=%2Fdevices$/)
  expect(logins.filter(isMicrosoftLogin)).toEqual([])
})
