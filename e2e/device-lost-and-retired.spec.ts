import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'

const IPHONE = '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61'
const MAC = '7d0a3f4e-5c6b-4a8d-9e1f-2b3c4d5e6f83'
const GALAXY = '9e2c5b6a-7d8f-4c0e-a1b2-3c4d5e6f7a94'
const PIXEL = '5b8e1d2c-3a4f-4e6b-8d9c-0f1e2a3b4c72'

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

  test('lost mode leads with the location, asks for it at once, and the location stays after lost mode', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    test.setTimeout(120_000)
    await control.settings({ commandDelayMs: 30_000 })
    await signIn('anna', `/devices/${IPHONE}`)
    // Before: no location; it sits below the actions.
    expect(await topOf(page, 'Actions')).toBeLessThan(await topOf(page, 'Location'))
    const locationRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/device/requestlocation')) locationRequests.push(request.url())
    })
    await page.getByRole('button', { name: 'Turn on lost mode…' }).click()
    const dialog = page.getByRole('dialog', { name: "Turn on lost mode for Anna's iPhone?" })
    await dialog.getByLabel('Message on the screen').fill('I lost this phone. Please call me.')
    await dialog.getByLabel('Phone number to call').fill('+49 30 1234567')
    await dialog.getByLabel('Footnote (optional)').fill('Example Ltd.')
    await dialog.getByRole('button', { name: 'Turn on lost mode' }).click()
    // The device is told only once the command has reached the service.
    await expect(page.getByText(SENT)).toBeVisible()
    // Lost mode on its way: the state, then where the phone is, then the actions.
    await expect(
      page.getByText("Once lost mode is on, Anna's iPhone is asked where it is."),
    ).toBeVisible()
    expect(await topOf(page, 'Location')).toBeLessThan(await topOf(page, 'Actions'))
    await control.complete()
    await expect(page.getByText("Lost mode is on for Anna's iPhone.")).toBeVisible()
    // An iPhone reports where it is only in lost mode (spec, Device rule 3): the portal asks as
    // soon as lost mode is on, without a second tap.
    await expect(page.getByText("Asking Anna's iPhone where it is…")).toBeVisible()
    expect(locationRequests).toHaveLength(1)

    // What the finder reads, as this browser sent it, with what needs attention.
    const attention = page.getByRole('region', { name: 'Needs attention' })
    const screen = attention.getByRole('figure', { name: 'What a finder sees on the lock screen' })
    await expect(screen.getByText('I lost this phone. Please call me.')).toBeVisible()
    await expect(screen.getByText('Call +49 30 1234567')).toBeVisible()
    await expect(screen.getByText('Example Ltd.')).toBeVisible()
    await expect(attention.getByText(/^Sent from this browser/)).toBeVisible()
    await expectAccessible()

    await control.complete()
    const locateCard = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Locate', exact: true }),
    })
    await expect(locateCard.getByText("Location of Anna's iPhone received.")).toBeVisible()
    await expect(page.getByText(/^Recorded /)).toBeVisible()
    // The state first, then the map, then the actions; the figures come after.
    expect(await topOf(page, 'Needs attention')).toBeLessThan(await topOf(page, 'Location'))
    expect(await topOf(page, 'Location')).toBeLessThan(await topOf(page, 'Actions'))
    // "Location received" leads to the map from where the user is.
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

  test('a company Android phone is asked where it is right after lost mode is accepted', async ({
    page,
    signIn,
    control,
  }) => {
    await control.settings({ commandDelayMs: 30_000 })
    await signIn('anna', `/devices/${PIXEL}`)
    const sent: string[] = []
    page.on('request', (request) => {
      const command = /\/device\/(enablelostmode|requestlocation)$/.exec(request.url())
      if (command?.[1]) sent.push(command[1])
    })
    await page.getByRole('button', { name: 'Turn on lost mode…' }).click()
    const dialog = page.getByRole('dialog', { name: "Turn on lost mode for Anna's Pixel?" })
    await dialog.getByLabel('Message on the screen').fill('Please call me.')
    await dialog.getByLabel('New passcode').fill('482916')
    await dialog.getByRole('button', { name: 'Turn on lost mode' }).click()
    // Location is offered on this phone without lost mode, so it is asked for at once.
    await expect(page.getByText("Asking Anna's Pixel where it is…")).toBeVisible()
    expect(sent).toEqual(['enablelostmode', 'requestlocation'])
    expect(await topOf(page, 'Location')).toBeLessThan(await topOf(page, 'Actions'))
  })

  test('"Lost?" on a device card leads to its location, where lost mode is offered', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await signIn('anna', '/devices')
    const card = page.getByRole('listitem').filter({ hasText: "Anna's iPhone" })
    await card.getByRole('link', { name: 'Lost?' }).click()
    const heading = page.getByRole('heading', { level: 2, name: 'Location' })
    await expect(heading).toBeFocused()
    expect(await topOf(page, 'Location')).toBeLessThan(await topOf(page, 'Actions'))
    const section = page.getByRole('region', { name: 'Location' })
    await expect(
      section.getByText(/^If you cannot find Anna's iPhone, turn on lost mode/),
    ).toBeVisible()
    await expectAccessible()
    await section.getByRole('button', { name: 'Turn on lost mode…' }).click()
    await expect(
      page.getByRole('dialog', { name: "Turn on lost mode for Anna's iPhone?" }),
    ).toBeVisible()
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

test('the action dialogs come once the page is idle, and opening lost mode draws its form alone', async ({
  page,
  signIn,
}) => {
  // Their code is fetched without a pointer over a button first: on a touch screen the tap
  // follows the pointer's arrival at once, and starting the fetch then would hold the tap up.
  const dialogsCode = page.waitForRequest((request) =>
    /\/form-dialogs-[^/]*\.js$/.test(new URL(request.url()).pathname),
  )
  await signIn('anna', `/devices/${IPHONE}`)
  await dialogsCode
  const dialogs = page.locator('dialog')
  const before = await dialogs.count()
  await page.getByRole('button', { name: 'Turn on lost mode…' }).click()
  await expect(
    page.getByRole('dialog', { name: "Turn on lost mode for Anna's iPhone?" }),
  ).toBeVisible()
  // The other actions' dialogs are not drawn with it.
  await expect(dialogs).toHaveCount(before + 1)
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

for (const look of [
  {
    locale: 'en-GB',
    colorScheme: 'light',
    viewport: { width: 1280, height: 800 },
    name: 'en-1280-light',
  },
  {
    locale: 'de-DE',
    colorScheme: 'dark',
    viewport: { width: 375, height: 740 },
    name: 'de-375-dark',
  },
] as const) {
  test.describe(`a lost iPhone with its location (${look.name})`, () => {
    test.use({ locale: look.locale, colorScheme: look.colorScheme, viewport: look.viewport })

    test('opens on its state and the map, above the actions', async ({
      page,
      signIn,
      control,
      request,
      expectAccessible,
    }) => {
      const token = await control.login('anna')
      await sendCommand(request, token, 'enablelostmode', {
        clientid: IPHONE,
        message: look.locale === 'de-DE' ? 'Bitte rufen Sie mich an.' : 'Please call me.',
        phonenumber: '+49 30 1234567',
      })
      await control.complete()
      await sendCommand(request, token, 'requestlocation', { clientid: IPHONE })
      await control.complete()
      await signIn('anna', `/devices/${IPHONE}`)
      const [attention, location, actions] =
        look.locale === 'de-DE'
          ? ['Handlungsbedarf', 'Standort', 'Aktionen']
          : ['Needs attention', 'Location', 'Actions']
      await expect(page.getByRole('region', { name: /^Map of|^Karte/ })).toBeVisible()
      expect(await topOf(page, attention)).toBeLessThan(await topOf(page, location))
      expect(await topOf(page, location)).toBeLessThan(await topOf(page, actions))
      await expectAccessible()
      await page.screenshot({
        path: `/tmp/shots-ux-devices/lost-iphone-${look.name}.png`,
        fullPage: true,
      })
    })
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

    await card.getByRole('link', { name: 'Bens Galaxy S23', exact: true }).click()
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

  test('wiped from its page: when the actions go, the focus goes to what says why', async ({
    page,
    signIn,
    control,
  }) => {
    await signIn('anna', `/devices/${PIXEL}`)
    await page.getByRole('button', { name: 'Wipe…' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Type the device name to confirm').fill("Anna's Pixel")
    await dialog.getByRole('button', { name: 'Erase everything' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Wipe…' })).toBeFocused()
    // The phone carries the wipe out: its actions, the focused button among them, are gone.
    await control.complete()
    const none = page.getByRole('heading', { level: 3, name: 'No remote actions' })
    await expect(none).toBeVisible()
    await expect(page.locator(':focus')).toContainText('No remote actions')
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
