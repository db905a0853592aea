import type { Page } from '@playwright/test'
import { beside, expect, IDS, test } from './admin-fixtures'

/**
 * The help desk's lists of a large tenant show their first pages at once and the others as they
 * arrive: the count says how many have, and a search among them says that it is among those.
 * Pages from the third on wait here until the test lets them go, so the state between is held.
 */
async function holdPages(page: Page, list: string, from: number) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**/api/mdm/v2/${list}`, async (route) => {
    const body = route.request().postDataJSON() as { pageindex?: number }
    if ((body.pageindex ?? 1) >= from) await released
    await route.continue()
  })
  return release
}

/** The service answers pages of `list` from `from` on (or `from` alone) with a server error. */
async function failPages(page: Page, list: string, from: number, only = false) {
  await page.route(`**/api/mdm/v2/${list}`, async (route) => {
    const index = (route.request().postDataJSON() as { pageindex?: number }).pageindex ?? 1
    if (only ? index !== from : index < from) return route.continue()
    await route.fulfill({ status: 500, body: 'Internal Server Error' })
  })
}

test("a large tenant's devices: the first pages at once, the rest announced as they arrive, the search says it has only those", async ({
  page,
  control,
  signInAdmin,
  expectAccessible,
}) => {
  test.slow()
  await control.largeDemo({ devices: 2000, apps: 10 })
  await control.settings({ pageSize: 100 })
  const release = await holdPages(page, 'device/list', 3)
  await signInAdmin('/admin/devices')

  // The list's count, a polite status: what it says is announced.
  const count = page.locator('main .list-count')
  await expect(count.locator('+ [role=status]')).toBeAttached()
  await expect(count).toHaveText(/^200 of 2,0\d\d devices loaded$/)
  await expect(page.getByRole('main').locator('progress')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible()
  await expectAccessible()

  // Nothing loaded so far matches, but the others may: the list does not say none match.
  await page.getByLabel('Search by device, model, serial number, IMEI, OS or owner').fill('zzqx')
  await expect(count).toHaveText(
    'Showing 0 of the 200 devices loaded so far: the others are still arriving',
  )
  await expect(page.getByRole('heading', { name: /^No devices match/ })).toHaveCount(0)
  await expectAccessible()

  await page
    .getByLabel('Search by device, model, serial number, IMEI, OS or owner')
    .fill('pixel 7a')
  await expect(count).toHaveText(
    /^Showing \d+ of the 200 devices loaded so far: the others are still arriving$/,
  )
  await expectAccessible()

  release()
  await expect(count).toHaveText(/^\d+ of 2,0\d\d devices$/, { timeout: 60_000 })
  await expect(page.getByRole('main').locator('progress')).toHaveCount(0)
})

test("the tenant's users as their pages arrive, with the device counts once all devices are there", async ({
  page,
  control,
  signInAdmin,
  expectAccessible,
}) => {
  await control.settings({ pageSize: 1 })
  const release = await holdPages(page, 'user/list', 2)
  await signInAdmin('/admin/users')

  const count = page.locator('main .list-count')
  await expect(count.locator('+ [role=status]')).toBeAttached()
  await expect(count).toHaveText(/^1 of \d+ users loaded$/)
  await expect(page.getByRole('main').locator('progress')).toBeVisible()
  await expectAccessible()
  // Nothing loaded so far matches, but the others may: the list does not say none match.
  await page.getByLabel('Search users').fill('zzz')
  await expect(count).toHaveText(
    'Showing 0 of the 1 user loaded so far: the others are still arriving',
  )
  await expect(page.getByRole('heading', { name: 'No users match “zzz”' })).toHaveCount(0)
  await expectAccessible()

  release()
  // Once all have come, it is so.
  await expect(count).toHaveText(/^0 of \d+ users$/)
  await expect(count.locator('+ [role=status]')).toHaveText(
    /^0 of \d+ users\. No users match “zzz”$/,
  )
  await expect(page.getByRole('heading', { name: 'No users match “zzz”' })).toBeVisible()
  await page.getByLabel('Search users').fill('')
  await expect(count).toHaveText(/^\d+ users$/)
  await expect(page.getByRole('main').locator('progress')).toHaveCount(0)
  await expect(page.getByText(/^\d+ devices?$/).first()).toBeVisible()
})

test("a user's card keeps the place of its device count, unseen and unsaid, until all devices are there", async ({
  page,
  control,
  signInAdmin,
  expectAccessible,
}) => {
  await control.settings({ pageSize: 1 })
  const release = await holdPages(page, 'device/list', 2)
  await signInAdmin('/admin/users')

  const card = page.locator('main .user-card').first()
  const facts = card.locator('.user-card__facts')
  await expect(facts.locator('.badge-slot')).toBeVisible()
  await expect(card.getByRole('paragraph')).toHaveCount(1)
  await expectAccessible()
  const before = await facts.boundingBox()

  release()
  await expect(facts).toHaveText(/^(No devices|\d+ devices?)/)
  await expect(facts.locator('.badge-slot')).toHaveCount(0)
  expect((await facts.boundingBox())?.height).toBe(before?.height)
})

test("a user's page on a large tenant shows the devices found so far while the others are looked through, then counts them", async ({
  page,
  control,
  signInAdmin,
  expectAccessible,
}) => {
  test.slow()
  await control.largeDemo({ devices: 2000, apps: 10 })
  await control.settings({ pageSize: 100 })
  const release = await holdPages(page, 'device/list', 3)
  // On a phone, where the hint why deleting waits has the least room beside the button.
  await page.setViewportSize({ width: 375, height: 800 })
  await signInAdmin(`/admin/users/${IDS.annaSid}`)

  // Her devices among the first pages show at once, with how far the search has come above them.
  const devices = page.getByRole('region', { name: /^Devices/ })
  const count = devices.locator('.list-count')
  await expect(count.locator('+ [role=status]')).toBeAttached()
  await expect(count).toHaveText(
    /^Still looking among the tenant's devices: 200 of 2,0\d\d checked$/,
  )
  await expect(devices.locator('progress')).toBeVisible()
  const cards = devices.locator('.device-list > li')
  await expect(cards.first()).toBeVisible()
  await expect(cards.first()).toHaveAttribute('aria-setsize', /^\d+$/)
  const title = page.locator('#user-devices-title')
  await expect(title).toHaveText('Devices')
  // Deleting waits for all her managed devices, and says so.
  const remove = page.getByRole('button', { name: 'Delete user' })
  await expect(remove).toBeDisabled()
  await expect(remove).toHaveAccessibleDescription(
    'You can delete the user once all their devices are known.',
  )
  // Nothing below the devices moves as they come: the activity waits until they all have.
  await expect(page.getByRole('heading', { level: 2, name: 'Activity' })).toBeHidden()
  await expectAccessible()
  const before = await cards.first().boundingBox()
  const details = page.locator('#user-details-title')
  const detailsBefore = await details.boundingBox()

  release()
  await expect(title).toHaveText(/^Devices \(2,0\d\d\)$/, {
    timeout: 60_000,
  })
  // The end of the search moves nothing the agent reads: its line stays, and says it is done.
  await expect(remove).toBeEnabled()
  expect((await details.boundingBox())?.y).toBe(detailsBefore?.y)
  expect((await cards.first().boundingBox())?.y).toBe(before?.y)
  // Nor does it leave an empty gap under the button: the hint's kept place is beside it, and the
  // header ends within a line of the button's bottom (under it, the hint's two lines stayed blank).
  const line = await page
    .locator('.user-delete__hint')
    .evaluate((hint) => parseFloat(getComputedStyle(hint).lineHeight))
  const header = await page.locator('.page__header').boundingBox()
  const button = await remove.boundingBox()
  expect(header!.y + header!.height - (button!.y + button!.height)).toBeLessThanOrEqual(line)
  await expect(count).toHaveText(/^All 2,0\d\d of the tenant's devices checked$/)
  await expect(count.locator('+ [role=status]')).toHaveText(
    /^All 2,0\d\d of the tenant's devices checked$/,
  )
  await expect(remove).toBeEnabled()
  await expect(remove).not.toHaveAccessibleDescription(/./)
  // Her 2,000 cards are drawn as they come into view, as on the tenant's list: all at once, a
  // user with 50,000 devices held the page still for a minute and a half.
  await expect(cards.first()).toHaveAttribute('aria-setsize', /^2,?0\d\d$/)
  expect(await cards.count()).toBeLessThan(100)
  await expect(page.getByRole('heading', { level: 2, name: 'Activity' })).toBeVisible()
})

test('a page that fails: what arrived stays, said to be a part, with a way to try again', async ({
  page,
  control,
  signInAdmin,
}) => {
  test.slow()
  await control.largeDemo({ devices: 2000, apps: 10 })
  await control.settings({ pageSize: 100 })
  // Fault injection: the service refuses the third page.
  await page.route('**/api/mdm/v2/device/list', async (route) => {
    const body = route.request().postDataJSON() as { pageindex?: number }
    if (body.pageindex !== 3) return route.continue()
    await route.fulfill({
      json: { success: false, errorcode: '03000001', errormessage: 'broken', tokenstatus: null },
    })
  })
  await signInAdmin('/admin/devices')

  await expect(page.getByText(/^Only 200 of 2,0\d\d devices could be loaded$/)).toBeVisible()
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible()
  await expect(page.getByRole('main').locator('progress')).toHaveCount(0)
  // Not taken for a service that would not page, and no toast beside the message in place.
  await expect(page.getByText(/the service did not send the others/)).toHaveCount(0)
  await expect(page.getByText(/^Could not refresh/)).toHaveCount(0)

  await page.unrouteAll()
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.locator('main .list-count')).toHaveText(/^2,0\d\d devices$/, {
    timeout: 60_000,
  })
})

/** Each text the list's status region says, in order, kept in the page from its first load. */
async function recordSaid(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = []
    Object.assign(window, { said })
    new MutationObserver(() => {
      const region = document.querySelector('main .list-count + [role="status"]')
      const text = region?.textContent ?? ''
      if (text !== '' && text !== said.at(-1)) said.push(text)
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said)
}

test("a large tenant's devices arriving are announced now and then, and the whole list's count at the end", async ({
  page,
  control,
  signInAdmin,
}) => {
  test.slow()
  await control.largeDemo({ devices: 2000, apps: 10 })
  await control.settings({ pageSize: 100 })
  // Each page takes a while, as on a large tenant: 20 pages, three at once, over some seconds.
  await page.route('**/api/mdm/v2/device/list', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    await route.continue()
  })
  const said = await recordSaid(page)
  const started = Date.now()
  await signInAdmin('/admin/devices')
  const count = page.locator('main .list-count')
  await expect(count).toHaveText(/^2,0\d\d devices$/, { timeout: 60_000 })
  const seconds = (Date.now() - started) / 1000
  await expect.poll(async () => (await said()).at(-1)).toMatch(/^2,0\d\d devices$/)
  const texts = await said()
  // Every page moved the count (about 20 times); the region says it every few seconds at most.
  expect(texts.length, texts.join(' | ')).toBeLessThanOrEqual(2 + Math.ceil(seconds / 3))
})

test("a search typed while a large tenant's devices arrive is announced at once", async ({
  page,
  control,
  signInAdmin,
}) => {
  test.slow()
  await control.largeDemo({ devices: 2000, apps: 10 })
  await control.settings({ pageSize: 100 })
  const release = await holdPages(page, 'device/list', 3)
  await signInAdmin('/admin/devices')
  const status = page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /devices/ })
  // Both pages not held have come (the first alone can be counted before the second arrives).
  await expect(status).toHaveText(/^200 of 2,0\d\d devices loaded$/)
  await page.getByLabel('Search by device, model, serial number, IMEI, OS or owner').fill('zzqx')
  await expect(status).toHaveText(
    'Showing 0 of the 200 devices loaded so far: the others are still arriving',
    { timeout: 1000 },
  )
  release()
  await expect(status).toHaveText(/^0 of 2,0\d\d devices\. No devices match “zzqx”$/, {
    timeout: 60_000,
  })
})

test('a page that fails with a server error: the count, its announcement and the notice say how many of how many arrived, and that the rest can be tried again', async ({
  page,
  control,
  signInAdmin,
  expectAccessible,
}) => {
  test.slow()
  await control.largeDemo({ devices: 2000, apps: 10 })
  await control.settings({ pageSize: 100 })
  await failPages(page, 'device/list', 7, true)
  await signInAdmin('/admin/devices')

  const count = page.locator('main .list-count')
  const partly = /^600 of 2,0\d\d devices: the others could not be loaded$/
  await expect(count).toHaveText(partly)
  await expect(count.locator('+ [role=status]')).toHaveText(partly)
  const notice = page.getByRole('main').getByRole('alert')
  await expect(notice).toContainText(/^Only 600 of 2,0\d\d devices could be loaded/)
  await expect(notice).toContainText(
    /The list below is not complete\. Try again to load the other 1,4\d\d: those loaded stay\./,
  )
  await expect(beside(notice).getByRole('button', { name: 'Try again' })).toBeVisible()
  await expect(page.getByText(/^Something went wrong$/)).toHaveCount(0)
  await expectAccessible()

  await page.unrouteAll()
  await beside(notice).getByRole('button', { name: 'Try again' }).click()
  await expect(count).toHaveText(/^2,0\d\d devices$/, { timeout: 60_000 })
  await expect(count.locator('+ [role=status]')).toHaveText(/^2,0\d\d devices$/)
})

test('after a page failed, a search that finds nothing among the devices loaded says so, not that none match', async ({
  page,
  control,
  signInAdmin,
  expectAccessible,
}) => {
  test.slow()
  await control.largeDemo({ devices: 2000, apps: 10 })
  await control.settings({ pageSize: 100 })
  await failPages(page, 'device/list', 7, true)
  await signInAdmin('/admin/devices')
  const count = page.locator('main .list-count')
  await expect(count).toHaveText(/^600 of 2,0\d\d devices: the others could not be loaded$/)

  await page.getByLabel('Search by device, model, serial number, IMEI, OS or owner').fill('zzqx')
  const said = 'Showing 0 of the 600 devices loaded: the others could not be loaded'
  await expect(count).toHaveText(said)
  // The devices that never came may match: only those loaded are said to match nothing.
  await expect(page.getByRole('heading', { name: /^No devices match/ })).toHaveCount(0)
  const title = 'None of the 600 devices loaded match “zzqx”'
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.locator('main .empty-state')).toContainText(
    /The other 1,4\d\d devices could not be loaded and may match\./,
  )
  // The card that says so has the way to load them in it, named by what it loads: the list's
  // notice has the one "Try again", so that a screen reader's list of buttons tells them apart.
  await expect(
    page
      .locator('main .empty-state')
      .getByRole('button', { name: /^Load the other 1,4\d\d devices$/ }),
  ).toBeVisible()
  await expect(page.getByRole('main').getByRole('button', { name: 'Try again' })).toHaveCount(1)
  await expect(count.locator('+ [role=status]')).toHaveText(`${said}. ${title}`)
  await expectAccessible()
})

test('after a page failed, a search that finds nothing among the users loaded says so, not that none match', async ({
  page,
  control,
  signInAdmin,
  expectAccessible,
}) => {
  await control.settings({ pageSize: 1 })
  await failPages(page, 'user/list', 3)
  await signInAdmin('/admin/users')
  const count = page.locator('main .list-count')
  await expect(count).toHaveText(/^2 of \d+ users: the others could not be loaded$/)
  await expect(page.getByRole('main').getByRole('alert')).toContainText(/^Only 2 of \d+ users/)
  await expectAccessible()

  await page.getByLabel('Search users').fill('zzz')
  const said = 'Showing 0 of the 2 users loaded: the others could not be loaded'
  await expect(count).toHaveText(said)
  await expect(page.getByRole('heading', { name: /^No users match/ })).toHaveCount(0)
  const title = 'None of the 2 users loaded match “zzz”'
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.locator('main .empty-state')).toContainText(
    /The other (user|[\d,]+ users) could not be loaded and may match\./,
  )
  await expect(count.locator('+ [role=status]')).toHaveText(`${said}. ${title}`)
  await expectAccessible()

  // The card's own button loads the others, named by what it loads (the notice has the one "Try
  // again"): then none of all the users match, and the keyboard goes on from the page's content.
  await expect(page.getByRole('main').getByRole('button', { name: 'Try again' })).toHaveCount(1)
  await page.unrouteAll()
  const retry = page
    .locator('main .empty-state')
    .getByRole('button', { name: /^Load the other (user|[\d,]+ users)$/ })
  await retry.focus()
  await page.keyboard.press('Enter')
  await expect(count).toHaveText(/^0 of \d+ users$/)
  await expect(page.getByRole('heading', { name: 'No users match “zzz”' })).toBeVisible()
  await expect(page.locator('main .empty-state').getByRole('button')).toHaveText(['Clear search'])
  await expect(page.locator('body')).not.toBeFocused()
  await expectAccessible()
})

test('a service that ignores the page asked for: the help desk is told what is missing, not to ask itself', async ({
  page,
  control,
  signInAdmin,
}) => {
  await control.settings({ pageSize: 2 })
  // Fault injection: the tenant's devices reach the reference API without their pageindex, as
  // a service that does not page by it would take them; every answer is then page 1.
  await page.route('**/api/mdm/v2/device/list', async (route) => {
    const { pageindex: _ignored, ...body } = route.request().postDataJSON() as {
      pageindex?: number
    }
    await route.continue({ postData: JSON.stringify(body) })
  })
  await signInAdmin('/admin/devices')
  const alert = page.getByRole('main').getByText(/the service did not send the other pages\.$/)
  await expect(alert).toHaveText(
    /^\d+ of [\d,]+ devices are shown: the service did not send the other pages\.$/,
  )
})

test("the help desk's users sorted by their devices with the keyboard alone, in the address, and Back sorts them by name again", async ({
  page,
  signInAdmin,
  expectAccessible,
}) => {
  await signInAdmin('/admin/users')
  const names = page.locator('main .user-list > li').getByRole('heading', { level: 2 })
  const count = page.locator('main .list-count')
  await expect(names).toHaveText(['Anna Berger', 'Ben Keller', 'Nina Neumann'])
  await expect(count).toHaveText('3 users')
  await expect(page.getByText(/^\d+ devices?$|^No devices$/)).toHaveCount(3)

  // In the order of the page: after the search, by the keyboard alone. The arrow keys pass
  // "most first" on the way to "fewest first": one choice, one entry of the history.
  await page.getByLabel('Search users').focus()
  await page.keyboard.press('Tab')
  const sort = page.getByLabel('Sort by')
  await expect(sort).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(sort).toHaveValue('devices-asc')
  await expect(page).toHaveURL(/\/admin\/users\?sort=devices-asc$/)
  // Nina has no device yet, Ben one, Anna three.
  await expect(names).toHaveText(['Nina Neumann', 'Ben Keller', 'Anna Berger'])
  // Said by the count's status region, the only one.
  await expect(
    page.getByRole('status').filter({ hasText: /^3 users, fewest devices first$/ }),
  ).toHaveCount(1)
  await expectAccessible()

  // A search keeps the order, and its clearing too.
  await page.getByLabel('Search users').fill('e')
  await expect(page).toHaveURL(/\/admin\/users\?q=e&sort=devices-asc$/)
  await expect(count).toHaveText('3 of 3 users, fewest devices first')

  await page.goBack()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await expect(names).toHaveText(['Anna Berger', 'Ben Keller', 'Nina Neumann'])
  await expect(sort).toHaveValue('name')
  await expect(count).toHaveText('3 users')

  // An order the list does not know, in a link: by name, without an error.
  await page.goto('/admin/users?sort=created')
  await expect(names).toHaveText(['Anna Berger', 'Ben Keller', 'Nina Neumann'])
  await expect(page.getByLabel('Sort by')).toHaveValue('name')
})

test("the users sorted by their devices stay by name, and say so, until all the tenant's devices are there", async ({
  page,
  control,
  signInAdmin,
  expectAccessible,
}) => {
  await control.settings({ pageSize: 1 })
  const release = await holdPages(page, 'device/list', 2)
  await signInAdmin('/admin/users?sort=devices-desc')

  const names = page.locator('main .user-list > li').getByRole('heading', { level: 2 })
  const count = page.locator('main .list-count')
  await expect(count).toHaveText('3 users, by name until the devices are counted')
  await expect(names).toHaveText(['Anna Berger', 'Ben Keller', 'Nina Neumann'])
  await expect(page.getByLabel('Sort by')).toHaveValue('devices-desc')
  await expectAccessible()

  // Chosen while they arrive: the list waits for them too, and says so.
  await page.getByLabel('Sort by').selectOption({ label: 'Devices (fewest first)' })
  await expect(count).toHaveText('3 users, by name until the devices are counted')
  await expect(names).toHaveText(['Anna Berger', 'Ben Keller', 'Nina Neumann'])

  release()
  await expect(count).toHaveText('3 users, fewest devices first')
  await expect(names).toHaveText(['Nina Neumann', 'Ben Keller', 'Anna Berger'])
})
