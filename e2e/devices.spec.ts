import type { Page } from '@playwright/test'
import { clickTwice, expect, test } from './fixtures'

/** A device in the list, found by its name. */
const deviceCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })

/** Counts the requests to one endpoint of the device API. */
function countRequests(page: Page, endpoint: string) {
  const counter = { count: 0 }
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/mdm/v2/device/${endpoint}`)) counter.count++
  })
  return counter
}

test.describe('my devices', () => {
  test('the list shows every device with its state, and search and filters live in the address', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    await control.settings({ commandDelayMs: 60_000 })
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
    await expect(page.locator('main .list-count')).toHaveText('3 devices')
    // The count is seen above the list and heard from its status region, once.
    await expect(page.getByRole('status').filter({ hasText: /^3 devices$/ })).toHaveCount(1)

    const iphone = deviceCard(page, "Anna's iPhone")
    await expect(iphone).toContainText('iPhone 15 Pro · iOS 17.5.1')
    await expect(iphone).toContainText('Managed')
    await expect(iphone).toContainText('12 minutes ago')
    await expect(iphone).toContainText('78%')
    await expect(iphone).toContainText('76 GB of 128 GB used')
    // The MacBook has been silent for three days: the list warns.
    const mac = deviceCard(page, "Anna's MacBook Pro")
    await expect(mac).toContainText('3 days ago')
    // Said once on the card, not as a badge and again as what needs attention.
    await expect(mac.getByText(/No contact for over 48 hours/)).toHaveCount(1)
    await expect(deviceCard(page, "Anna's Pixel")).not.toContainText('No contact for over 48 hours')
    await expectAccessible()

    // Search over name, model, serial and OS, kept in the address.
    const search = page.getByLabel('Search by name, model, serial number, IMEI or OS')
    await search.fill('sonoma')
    await expect(page).toHaveURL(/q=sonoma/)
    await expect(page.locator('main .list-count')).toHaveText('1 of 3 devices')
    await expect(mac).toBeVisible()
    await expect(iphone).toBeHidden()
    await search.fill('')
    await expect(page.locator('main .list-count')).toHaveText('3 devices')

    // The service's filters: each choice is a step the back button undoes.
    await page.getByText('Filters').click()
    await page.getByLabel('Management').selectOption({ label: 'Not managed' })
    await expect(page).toHaveURL(/managed=false/)
    await expect(
      page.getByRole('heading', { name: 'No devices match the filters chosen' }),
    ).toBeVisible()
    // Counts are always of all her devices, whatever the filter.
    await expect(page.locator('main .list-count')).toHaveText('0 of 3 devices')
    await expectAccessible()
    await page.goBack()
    await expect(page.locator('main .list-count')).toHaveText('3 devices')
    await expect(page.getByLabel('Management')).toHaveValue('')

    const contact = page.getByRole('group', { name: 'Last contact between' })
    const today = new Date()
    const day = (offset: number) =>
      new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
    await contact.getByLabel('From (last contact)', { exact: true }).fill(day(-1))
    await expect(page).toHaveURL(new RegExp(`contactFrom=${day(-1)}`))
    await expect(page.locator('main .list-count')).toHaveText('2 of 3 devices')
    await expect(mac).toBeHidden()
    await search.fill('pixel')
    await expect(page.locator('main .list-count')).toHaveText('1 of 3 devices')
    await search.fill('')
    await contact.getByLabel('To (last contact)', { exact: true }).fill(day(-3))
    await expect(contact.getByRole('alert')).toContainText('start date is after the end date')
    const panel = page.locator('.device-filters')
    await panel.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page.locator('main .list-count')).toHaveText('3 devices')

    // The filters' "Clear filters" clears them only: the search stays, and what it finds.
    await search.fill('pixel')
    await page.getByLabel('Management').selectOption({ label: 'Not managed' })
    await expect(
      page.getByRole('heading', { name: 'No devices match “pixel” with the filters chosen' }),
    ).toBeVisible()
    await panel.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page.locator('main .list-count')).toHaveText('1 of 3 devices')
    await expect(search).toHaveValue('pixel')
    await expect(page).toHaveURL(/\?q=pixel$/)
    await search.fill('')

    // The filters folded away, the list they leave empty still carries its own way out.
    await page.getByLabel('Management').selectOption({ label: 'Not managed' })
    await panel.locator('summary').click()
    await expect(page.getByLabel('Management')).toBeHidden()
    await page.locator('.empty-state').getByRole('button', { name: 'Clear filters' }).press('Enter')
    await expect(page.locator('main .list-count')).toHaveText('3 devices')
    await expect(search).toBeFocused()

    // A command sent elsewhere shows as pending on its card.
    await page.reload()
    await iphone.getByRole('link', { name: "Anna's iPhone", exact: true }).click()
    await page.getByRole('button', { name: 'Lock…' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Lock now' }).click()
    await expect(
      page.getByText("Sent to Anna's iPhone. Waiting for the device to answer…"),
    ).toBeVisible()
    await page.getByRole('link', { name: 'All my devices' }).click()
    await expect(iphone).toContainText('Locking…')
  })

  test('the list is sorted by last contact, oldest first, in the address, and Back sorts it by name again', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await signIn('anna', '/devices')
    const names = page.locator('main .device-list > li').getByRole('heading', { level: 2 })
    await expect(names).toHaveText(["Anna's iPhone", "Anna's MacBook Pro", "Anna's Pixel"])

    // In the order of the page: after the filters' panel, by the keyboard alone.
    await page.locator('.device-filters summary').focus()
    await page.keyboard.press('Tab')
    const sort = page.getByLabel('Sort by')
    await expect(sort).toBeFocused()
    await sort.selectOption({ label: 'Last contact (oldest first)' })
    await expect(page).toHaveURL(/\/devices\?sort=lastcontact-asc$/)
    // The MacBook silent for three days first, then 12 and 3 minutes ago.
    await expect(names).toHaveText(["Anna's MacBook Pro", "Anna's iPhone", "Anna's Pixel"])
    // Said by the count's status region, the only one.
    await expect(
      page.getByRole('status').filter({ hasText: /^3 devices, oldest contact first$/ }),
    ).toHaveCount(1)
    await expectAccessible()

    // A filter cleared leaves the order as it is.
    await page.getByText('Filters').click()
    await page.getByLabel('Management').selectOption({ label: 'Managed' })
    await page.locator('.device-filters').getByRole('button', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(/\/devices\?sort=lastcontact-asc$/)
    await expect(names).toHaveText(["Anna's MacBook Pro", "Anna's iPhone", "Anna's Pixel"])

    await page.goBack()
    await page.goBack()
    await expect(page).toHaveURL(/\/devices\?sort=lastcontact-asc$/)
    await page.goBack()
    await expect(page).toHaveURL(/\/devices$/)
    await expect(names).toHaveText(["Anna's iPhone", "Anna's MacBook Pro", "Anna's Pixel"])
    await expect(sort).toHaveValue('name')

    // An order the list does not know, in a link: by name, without an error.
    await page.goto('/devices?sort=battery')
    await expect(names).toHaveText(["Anna's iPhone", "Anna's MacBook Pro", "Anna's Pixel"])
    await expect(page.getByLabel('Sort by')).toHaveValue('name')
  })

  test("the filters' panel shows that it opens and closes, in a contrast theme too", async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await signIn('anna', '/devices')
    const summary = page.locator('summary').filter({ hasText: 'Filters' })
    const marker = summary.locator('svg')
    await expect(marker).toBeVisible()
    /** The marker's turn, in degrees, and its size and place beside the title. */
    const read = () =>
      marker.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const { a, b } = new DOMMatrix(getComputedStyle(element).transform)
        const summaryBox = element.closest('summary')!.getBoundingClientRect()
        return {
          turn: Math.round((Math.atan2(b, a) * 180) / Math.PI),
          width: box.width,
          inside: box.left >= summaryBox.left && box.right <= summaryBox.right,
          stroke: getComputedStyle(element).stroke,
          color: getComputedStyle(element.closest('summary')!).color,
        }
      })
    // Read once the portal has taken the drawn page over, whose elements it keeps.
    await expect.poll(async () => (await read()).width).toBeGreaterThanOrEqual(12)
    const closed = await read()
    expect(closed.inside).toBe(true)
    await summary.click()
    await expect(page.getByLabel('Management')).toBeVisible()
    // Once its turn has ended, open points down where closed pointed along the title.
    await expect.poll(async () => (await read()).turn).toBe(closed.turn + 90)

    // A contrast theme takes backgrounds away: the marker is drawn in the text's own colour.
    await page.emulateMedia({ forcedColors: 'active' })
    await expect(marker).toBeVisible()
    const forced = await read()
    expect(forced.stroke).toBe(forced.color)
  })

  test('Anna finds her lost iPhone: lost mode, then its location, a locked screen, and lost mode off', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    test.setTimeout(120_000)
    // The simulated iPhone answers only when told to, so every pending state can be seen.
    await control.settings({ commandDelayMs: 30_000 })
    const lostModeRequests = countRequests(page, 'enablelostmode')
    await signIn('anna', '/devices')
    await deviceCard(page, "Anna's iPhone")
      .getByRole('link', { name: "Anna's iPhone", exact: true })
      .click()

    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    // Before lost mode, an iPhone cannot be located, and the page says why, once: where the
    // location would be.
    await expect(
      page.getByText('This device reports its location only while lost mode is on.'),
    ).toHaveCount(1)
    await expect(
      page
        .getByRole('region', { name: 'Location' })
        .getByText('This device reports its location only while lost mode is on.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Locate', exact: true })).toHaveCount(0)
    await expectAccessible()

    // Lost mode: the form wants a message or a number before anything is sent.
    await page.getByRole('button', { name: 'Turn on lost mode…' }).click()
    const dialog = page.getByRole('dialog', { name: "Turn on lost mode for Anna's iPhone?" })
    await expect(dialog).toBeVisible()
    await expectAccessible()
    await dialog.getByRole('button', { name: 'Turn on lost mode' }).click()
    const message = dialog.getByLabel('Message on the screen')
    await expect(message).toBeFocused()
    await expect(message).toHaveAttribute('aria-invalid', 'true')
    await expect(
      dialog.getByText('Enter a message or a phone number, so a finder can reach you.'),
    ).toBeVisible()
    await expect(dialog.getByText('Please correct the field marked below.')).toBeVisible()
    expect(lostModeRequests.count).toBe(0)
    await expectAccessible()

    await message.fill('I have lost this phone. Please call me.')
    await dialog.getByLabel('Phone number to call').fill('+49 89 1234567')
    // A double click sends one request.
    await clickTwice(dialog.getByRole('button', { name: 'Turn on lost mode' }))
    await expect(dialog).toBeHidden()

    // Pending at once, and the button cannot send again.
    const lostModeButton = page.getByRole('button', { name: 'Turn on lost mode…' })
    await expect(lostModeButton).toHaveAttribute('aria-disabled', 'true')
    await expect(
      page.getByText("Sent to Anna's iPhone. Waiting for the device to answer…"),
    ).toBeVisible()
    await expect(page.getByText('Turning on lost mode…')).toBeVisible()
    await expect(lostModeButton).toBeDisabled()
    await lostModeButton.click({ force: true })
    await expect(dialog).toBeHidden()
    expect(lostModeRequests.count).toBe(1)

    await control.complete()
    await expect(page.getByText("Lost mode is on for Anna's iPhone.")).toBeVisible()
    await expect(page.getByText('Lost mode on', { exact: true })).toBeVisible()

    // Lost mode asks the iPhone where it is at once; the location appears when it arrives.
    await expect(page.getByText("Asking Anna's iPhone where it is…")).toBeVisible()
    await expect(page.getByText('Locating…')).toBeVisible()
    // Locating harms nothing: asking again starts at once, without a dialog.
    await control.complete()
    await expect(page.getByText("Location of Anna's iPhone received.")).toBeVisible()
    await page.getByRole('button', { name: 'Locate', exact: true }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByText('Locating…')).toBeVisible()
    // One current notice: the news about the location made way for the new request.
    await expect(page.getByText("Location of Anna's iPhone received.")).toHaveCount(0)
    await expect(
      page.getByText("Sent to Anna's iPhone. Waiting for the device to answer…"),
    ).toBeVisible()
    await control.complete()
    await expect(page.getByText("Location of Anna's iPhone received.")).toBeVisible()
    await expect(page.getByText('Latitude')).toBeVisible()
    const map = page.getByRole('link', { name: /Open on OpenStreetMap/ })
    await expect(map).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=-?\d+\.\d+&mlon=-?\d+\.\d+#map=16\/-?\d/,
    )
    await expect(map).toHaveAttribute('target', '_blank')
    await expect(map).toHaveAttribute('rel', 'noopener noreferrer')

    // Lock with a message for the finder.
    await page.getByRole('button', { name: 'Lock…' }).click()
    const lock = page.getByRole('dialog', { name: "Lock Anna's iPhone?" })
    await expectAccessible()
    await lock.getByLabel('Message on the lock screen (optional)').fill('Please call Anna.')
    await lock.getByLabel('Phone number to call').fill('not a number')
    await lock.getByRole('button', { name: 'Lock now' }).click()
    await expect(lock.getByText('Enter a phone number with digits')).toBeVisible()
    await lock.getByLabel('Phone number to call').fill('+49 89 1234567')
    await lock.getByRole('button', { name: 'Lock now' }).click()
    await expect(page.getByText('Locking…')).toBeVisible()
    await control.complete()
    await expect(page.getByText("Anna's iPhone is locked.")).toBeVisible()

    // A forgotten passcode on an iPhone is cleared, not replaced: nothing to type, and the
    // dialog warns that the phone is then open to whoever holds it.
    await page.getByRole('button', { name: 'Reset passcode…' }).click()
    const passcode = page.getByRole('dialog', { name: "Remove the passcode of Anna's iPhone?" })
    await expect(passcode.getByRole('textbox')).toHaveCount(0)
    await expect(passcode.getByText(/^Until a new passcode is set, anyone who has/)).toBeVisible()
    await expect(passcode.getByRole('button', { name: 'Remove passcode' })).toHaveClass(
      /button--danger/,
    )
    await expectAccessible()
    await passcode.getByRole('button', { name: 'Cancel' }).click()
    await expect(passcode).toBeHidden()

    // Found again: lost mode off. The iPhone no longer reports its location; the page keeps the
    // last one it reported.
    await page.getByRole('button', { name: 'Turn off lost mode…' }).click()
    const off = page.getByRole('dialog', { name: "Turn off lost mode for Anna's iPhone?" })
    await expectAccessible()
    await off.getByRole('button', { name: 'Turn off lost mode' }).click()
    await expect(page.getByText('Turning off lost mode…')).toBeVisible()
    await control.complete()
    await expect(page.getByText("Lost mode is off for Anna's iPhone.")).toBeVisible()
    await expect(page.getByText('No location is known.')).toHaveCount(0)
    await expect(page.getByText(/^Anna's iPhone no longer reports this location/)).toBeVisible()
    await expect(page.getByText('Latitude')).toBeVisible()
    // After six actions, still only the latest notice, and it can be dismissed.
    await expect(page.getByText("Lost mode is on for Anna's iPhone.")).toHaveCount(0)
    await expect(page.getByText("Anna's iPhone is locked.")).toHaveCount(0)
    const dismiss = page.getByRole('button', { name: 'Dismiss' })
    await expect(dismiss).toHaveCount(1)
    await dismiss.click()
    await expect(page.getByText("Lost mode is off for Anna's iPhone.")).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Turn on lost mode…' })).toBeEnabled()
    await expectAccessible()
  })

  test('a device that is gone says so, with the way back', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/mdm/v2/device/info')) asked.push(request.postData() ?? '')
    })
    await signIn('anna', '/devices/unknown-id')
    await expect(page.getByRole('heading', { level: 1, name: 'Device not found' })).toBeVisible()
    await expect(
      page.getByText('This device no longer exists, or it is not one of yours.'),
    ).toBeVisible()
    await expectAccessible()
    // The service's answer is final: the screen shows it rather than asking again.
    expect(asked.filter((body) => body.includes('unknown-id'))).toHaveLength(1)
    await page.getByRole('link', { name: 'Go to my devices' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
  })
})
