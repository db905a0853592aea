import { mkdirSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { expect, otherBrowser, test as portalTest } from './fixtures'

/**
 * A person hides a retired device from their list; the portal keeps records, so the device is
 * hidden with their account: in every browser they sign in from.
 */
const GALAXY = '9e2c5b6a-7d8f-4c0e-a1b2-3c4d5e6f7a94'
const BEN_SID = 'b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d42'
const SHOTS = '/tmp/shots-hidden-devices'
const PHONE = { width: 375, height: 740 }

/**
 * Every journey here starts where hiding is offered: Ben's only device has left management on
 * purpose (his work profile is removed) and has done so. The value is the token that retired it.
 */
const test = portalTest.extend<{ retiredGalaxy: string }>({
  retiredGalaxy: [
    async ({ request, control }, use) => {
      const token = await control.login('ben')
      const response = await request.post('/api/mdm/v2/device/wipe', {
        data: { token, clientid: GALAXY },
      })
      expect(((await response.json()) as { success?: boolean }).success).toBe(true)
      await control.complete()
      await use(token)
    },
    { auto: true },
  ],
})

/** Another browser of Ben's, in this test's world, signed in. */
const benElsewhere = (browser: Browser, world: string, token: string, locale = 'en-US') =>
  otherBrowser(browser, world, token, { viewport: PHONE, locale })

async function hiddenArea(page: Page, summary: string) {
  const area = page.locator('details.hidden-devices')
  await area.getByText(summary).click()
  return area
}

test.use({ viewport: PHONE })

test('a device hidden in one browser is hidden in another where the same person signs in', async ({
  page,
  browser,
  world,
  control,
  signIn,
  expectAccessible,
}) => {
  await signIn('ben', '/devices')
  const card = page.getByRole('listitem').filter({ hasText: 'Bens Galaxy S23' })
  const kept = page.waitForResponse(
    (response) => response.url().endsWith('/api/portal/records/hide-device') && response.ok(),
  )
  await card.getByRole('button', { name: 'Hide from my devices: Bens Galaxy S23' }).click()
  await kept
  await expect(page.getByText('1 hidden device')).toBeVisible()

  // Another browser: nothing of the first one's storage, the same account.
  const other = await benElsewhere(browser, world, await control.login('ben'))
  await expect(
    other.page.getByRole('heading', { level: 2, name: 'No devices in use' }),
  ).toBeVisible()
  const area = await hiddenArea(other.page, '1 hidden device')
  await expect(area.getByText('They stay hidden wherever you sign in.')).toBeVisible()
  await expect(area.getByRole('heading', { level: 2, name: 'Bens Galaxy S23' })).toBeVisible()
  await expectAccessible(other.page)
  mkdirSync(SHOTS, { recursive: true })
  await area.screenshot({ path: `${SHOTS}/hidden-devices-en-375.png` })
  // Nothing leaves the page sideways at phone width.
  expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  )

  // Shown again there: shown again here.
  const shown = other.page.waitForResponse(
    (response) => response.url().endsWith('/api/portal/records/hide-device') && response.ok(),
  )
  await area.getByRole('button', { name: 'Show in my devices again: Bens Galaxy S23' }).click()
  await shown
  await other.context.close()
  await page.reload()
  await expect(page.getByRole('heading', { level: 2, name: 'Bens Galaxy S23' })).toBeVisible()
  await expect(page.getByText('1 hidden device')).toHaveCount(0)
})

test('in German, the hidden devices say they are hidden wherever one signs in', async ({
  browser,
  world,
  control,
  request,
  retiredGalaxy,
}) => {
  const hidden = await request.post('/api/portal/records/hide-device', {
    data: { token: retiredGalaxy, clientid: GALAXY, hidden: true },
  })
  expect(hidden.status()).toBe(200)
  const german = await benElsewhere(browser, world, await control.login('ben'), 'de-DE')
  const area = await hiddenArea(german.page, '1 ausgeblendetes Gerät')
  await expect(
    area.getByText('Ausgeblendete Geräte sind überall ausgeblendet, wo Sie sich anmelden.'),
  ).toBeVisible()
  mkdirSync(SHOTS, { recursive: true })
  await area.screenshot({ path: `${SHOTS}/hidden-devices-de-375.png` })
  await german.context.close()
})

test('devices this browser hid before are handed to the account once, then forgotten here', async ({
  page,
  control,
  request,
  signIn,
}) => {
  await signIn('ben', '/devices')
  await expect(page.getByRole('heading', { level: 2, name: 'Bens Galaxy S23' })).toBeVisible()
  // As an earlier version of the portal left it: hidden in this browser only.
  await page.evaluate(
    ([sid, id]) => localStorage.setItem(`mdm.devices.${sid}`, JSON.stringify({ hidden: [id] })),
    [BEN_SID, GALAXY],
  )
  await page.reload()
  await expect(page.getByText('1 hidden device')).toBeVisible()
  await expect
    .poll(() => page.evaluate((sid) => localStorage.getItem(`mdm.devices.${sid}`) ?? '', BEN_SID))
    .toContain('"hidden":[]')
  const answer = await request.post('/api/portal/records/hidden-devices', {
    data: { token: await control.login('ben') },
  })
  expect(((await answer.json()) as { data: { clientids: string[] } }).data.clientids).toEqual([
    GALAXY,
  ])
})

test('a hiding the portal cannot keep is undone and says why', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn('ben', '/devices')
  await page.route('**/api/portal/records/hide-device', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        errorcode: '01900004',
        errormessage:
          'The portal’s records cannot be read right now. Please try again in a moment.',
        tokenstatus: null,
      }),
    }),
  )
  const card = page.getByRole('listitem').filter({ hasText: 'Bens Galaxy S23' })
  await card.getByRole('button', { name: 'Hide from my devices: Bens Galaxy S23' }).click()
  await expect(card.getByRole('alert')).toContainText('Bens Galaxy S23 could not be hidden.')
  await expect(page.getByRole('heading', { level: 2, name: 'Bens Galaxy S23' })).toBeVisible()
  await expect(page.getByText('1 hidden device')).toHaveCount(0)
  await expectAccessible()
})

test('when the hidden devices cannot be read, every device is shown and the list says why', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  let refused = 0
  await page.route('**/api/portal/records/hidden-devices', (route) => {
    refused += 1
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        errorcode: '01900004',
        errormessage: 'The portal’s records cannot be read right now.',
        tokenstatus: null,
      }),
    })
  })
  await signIn('ben', '/devices')
  await expect(
    page.getByText('Your hidden devices could not be read, so every device is shown.'),
  ).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Bens Galaxy S23' })).toBeVisible()
  await expectAccessible()
  // Once the records answer again, the retry reads them.
  await page.unrouteAll()
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(
    page.getByText('Your hidden devices could not be read, so every device is shown.'),
  ).toHaveCount(0)
  expect(refused).toBeGreaterThan(0)
})

test('focus moves with the card: to the hidden devices after hiding, back to the card after showing', async ({
  page,
  signIn,
}) => {
  await signIn('ben', '/devices')
  const hide = page.getByRole('button', { name: 'Hide from my devices: Bens Galaxy S23' })
  await hide.focus()
  await page.keyboard.press('Enter')
  // The card went into the closed "hidden devices": its summary holds the focus.
  const summary = page.locator('details.hidden-devices > summary')
  await expect(summary).toHaveText('1 hidden device')
  await expect(summary).toBeFocused()
  await page.keyboard.press('Enter')
  const show = page.getByRole('button', { name: 'Show in my devices again: Bens Galaxy S23' })
  await show.focus()
  await page.keyboard.press('Enter')
  await expect(hide).toBeFocused()
})
