import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'

const IPHONE = '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61'
const MAC = '7d0a3f4e-5c6b-4a8d-9e1f-2b3c4d5e6f83'
const GALAXY = '9e2c5b6a-7d8f-4c0e-a1b2-3c4d5e6f7a94'

/** Sends a device command from elsewhere (another browser, the help desk), straight to the API. */
async function sendCommand(
  request: APIRequestContext,
  token: string,
  command: string,
  fields: Record<string, string>,
) {
  const response = await request.post(`/api/mdm/v2/device/${command}`, {
    data: { token, ...fields },
  })
  expect(((await response.json()) as { success?: boolean }).success).toBe(true)
}

/** The top of a section in the page (not in the view, which may scroll), by its heading. */
function topOf(page: Page, heading: string) {
  return page
    .getByRole('heading', { level: 2, name: heading, exact: true })
    .evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
}

const SENT = "Sent to Anna's iPhone. Waiting for the device to answer…"

test.describe('a lost iPhone, led by its location', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the location arrives at Locate below the actions, leads the page once known, and stays after lost mode', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    test.setTimeout(120_000)
    await control.settings({ commandDelayMs: 30_000 })
    await signIn('anna', `/devices/${IPHONE}`)
    await page.getByRole('button', { name: 'Turn on lost mode…' }).click()
    const dialog = page.getByRole('dialog', { name: "Turn on lost mode for Anna's iPhone?" })
    await dialog.getByLabel('Message on the screen').fill('I lost this phone. Please call me.')
    await dialog.getByLabel('Phone number to call').fill('+49 30 1234567')
    await dialog.getByLabel('Footnote (optional)').fill('Example Ltd.')
    await dialog.getByRole('button', { name: 'Turn on lost mode' }).click()
    // The device is told only once the command has reached the service.
    await expect(page.getByText(SENT)).toBeVisible()
    await control.complete()
    await expect(page.getByText("Lost mode is on for Anna's iPhone.")).toBeVisible()

    // What the finder reads, as this browser sent it, with what needs attention.
    const attention = page.getByRole('region', { name: 'Needs attention' })
    const screen = attention.getByRole('figure', { name: 'What a finder sees on the lock screen' })
    await expect(screen.getByText('I lost this phone. Please call me.')).toBeVisible()
    await expect(screen.getByText('Call +49 30 1234567')).toBeVisible()
    await expect(screen.getByText('Example Ltd.')).toBeVisible()
    await expect(attention.getByText(/^Sent from this browser/)).toBeVisible()

    // Locate: the news appears in the Locate card, where the button was pressed.
    const locateCard = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Locate', exact: true }),
    })
    await locateCard.getByRole('button', { name: 'Locate', exact: true }).click()
    await expect(locateCard.getByText(SENT)).toBeVisible()
    const actionsBefore = await topOf(page, 'Actions')
    await control.complete()
    await expect(locateCard.getByText("Location of Anna's iPhone received.")).toBeVisible()
    await expect(page.getByText(/^Recorded /)).toBeVisible()
    // The location shows where its section already was, below: the actions being read do not
    // move down (they move up as "Locating" leaves what needs attention).
    expect(await topOf(page, 'Actions')).toBeLessThanOrEqual(actionsBefore)
    expect(await topOf(page, 'Actions')).toBeLessThan(await topOf(page, 'Location'))
    // Right below the actions, not under the history at the page's end.
    expect(await topOf(page, 'Location')).toBeLessThan(await topOf(page, 'History'))
    await locateCard.getByRole('button', { name: 'Show on the map' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Location' })).toBeFocused()
    await expect(page.getByRole('heading', { level: 2, name: 'Location' })).toBeInViewport()
    await expectAccessible()

    // Found again: lost mode off. The iPhone no longer reports where it is; the page keeps it.
    await page.getByRole('button', { name: 'Turn off lost mode…' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Turn off lost mode' }).click()
    await expect(page.getByText(SENT)).toBeVisible()
    await control.complete()
    await expect(page.getByText("Lost mode is off for Anna's iPhone.")).toBeVisible()
    await expect(page.getByText(/^Anna's iPhone no longer reports this location/)).toBeVisible()
    await expect(
      page.getByRole('figure', { name: 'What a finder sees on the lock screen' }),
    ).toHaveCount(0)
    await page.reload()
    await expect(page.getByText(/^Anna's iPhone no longer reports this location/)).toBeVisible()
    await expect(page.getByText('Latitude')).toBeVisible()
    // A page that opens with a location shows it before the actions.
    expect(await topOf(page, 'Location')).toBeLessThan(await topOf(page, 'Actions'))
    await expectAccessible()
  })

  test('after the dialog, the button that opened it is in view, though the news above pushed it down', async ({
    page,
    signIn,
    control,
  }) => {
    await control.settings({ commandDelayMs: 30_000 })
    await signIn('anna', `/devices/${IPHONE}`)
    const turnOn = page.getByRole('button', { name: 'Turn on lost mode…' })
    // The view ends just below the button, with the page at its top.
    const bottom = await turnOn.evaluate((element) => element.getBoundingClientRect().bottom)
    await page.setViewportSize({ width: 375, height: Math.ceil(bottom) + 8 })
    await turnOn.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: "Turn on lost mode for Anna's iPhone?" })
    await dialog.getByLabel('Message on the screen').fill('Please call me.')
    await dialog.getByRole('button', { name: 'Turn on lost mode' }).click()
    await expect(page.getByText(SENT)).toBeVisible()
    await expect(turnOn).toBeFocused()
    await expect(turnOn).toBeInViewport({ ratio: 1 })
  })

  test('lost mode turned on from another browser: the page shows the text on record', async ({
    page,
    signIn,
    control,
    request,
  }) => {
    await sendCommand(request, await control.login('anna'), 'enablelostmode', {
      clientid: IPHONE,
      message: 'Sent from another browser',
      phonenumber: '+49 30 7654321',
    })
    await control.complete()
    await signIn('anna', `/devices/${IPHONE}`)
    const attention = page.getByRole('region', { name: 'Needs attention' })
    // The portal keeps what was sent through it (docs/security.md, "What the portal stores").
    const screen = attention.getByRole('figure', { name: 'What a finder sees on the lock screen' })
    await expect(screen).toContainText('Sent from another browser')
    await expect(screen).toContainText('+49 30 7654321')
    await expect(attention.getByText('As last sent through the portal.')).toBeVisible()
    await expect(attention.getByText(/did not send|not sent through the portal/)).toHaveCount(0)
  })
})

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
]) {
  test(`the lost-mode dialog's confirm button is in reach without scrolling at ${viewport.width}×${viewport.height}`, async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await page.setViewportSize(viewport)
    await signIn('anna', `/devices/${IPHONE}`)
    await page.getByRole('button', { name: 'Turn on lost mode…' }).click()
    const dialog = page.getByRole('dialog', { name: "Turn on lost mode for Anna's iPhone?" })
    await expect(dialog.getByLabel('Message on the screen')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Turn on lost mode' })).toBeInViewport({
      ratio: 1,
    })
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 })
    await expectAccessible()
  })
}

test.describe('a device retired on purpose', () => {
  test('is neutral, says since when, and can be hidden from the list and shown again', async ({
    page,
    signIn,
    control,
    request,
    expectAccessible,
  }) => {
    // Ben's work profile is removed: the phone leaves management on purpose.
    await sendCommand(request, await control.login('ben'), 'wipe', { clientid: GALAXY })
    await control.complete()
    await signIn('ben', '/devices')
    const card = page.getByRole('listitem').filter({ hasText: 'Bens Galaxy S23' })
    await expect(card.getByText(/^No longer managed: removed on /)).toBeVisible()
    await expect(card.getByText(/Needs attention/)).toHaveCount(0)
    await expectAccessible()

    await card.getByRole('link', { name: 'Bens Galaxy S23' }).click()
    await expect(
      page.getByRole('heading', { level: 2, name: /^No longer managed: removed on / }),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0)
    await expect(page.locator('.alert--error')).toHaveCount(0)
    await expectAccessible()
    await page.getByRole('button', { name: 'Hide from my devices' }).click()
    await expect(page.getByText(/^Hidden from my devices/)).toBeVisible()

    await page.getByRole('link', { name: 'All my devices' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Bens Galaxy S23' })).toBeHidden()
    const hidden = page.getByText('1 hidden device')
    await expect(hidden).toBeVisible()
    // Ben's only device is hidden: he has none in use, which is not "none yet".
    await expect(page.getByRole('heading', { level: 2, name: 'No devices in use' })).toBeVisible()
    await expect(page.getByText('No devices yet')).toHaveCount(0)
    // Kept with the account in this browser.
    await page.reload()
    await expect(hidden).toBeVisible()
    await hidden.click()
    await page.getByRole('button', { name: 'Show in my devices again: Bens Galaxy S23' }).click()
    await expect(page.getByText('1 hidden device')).toHaveCount(0)
    await expect(
      page.getByRole('button', { name: 'Hide from my devices: Bens Galaxy S23' }),
    ).toBeVisible()
    await expectAccessible()
  })
})

test('advice on a quiet Mac offers only what the Mac can do', async ({ page, signIn }) => {
  await signIn('anna', `/devices/${MAC}`)
  const attention = page.getByRole('region', { name: 'Needs attention' })
  await expect(attention.getByText('No contact for over 48 hours')).toBeVisible()
  await expect(attention.getByText(/If you cannot find it, lock it\.$/)).toBeVisible()
  await expect(attention).not.toContainText('lost mode')
  await expect(page.getByText('Lost mode:', { exact: false })).toBeVisible()
})
