import { expect, test } from './fixtures'
import type { Page } from '@playwright/test'

/**
 * A large account (5,000 devices, 2,000 apps) that the service sends in pages of 1,000: the
 * lists show everything, render only what is on screen, and keep search, keyboard order, the
 * screen-reader positions and the place on Back.
 */

/** Reading and showing 5,000 devices takes a while on a busy test machine. */
const LOADED = { timeout: 60_000 }

/** The device cards: list items with a heading (their badges and figures are lists too). */
const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) })

/** The name of a device card's link that is on screen, and its place in the list. */
async function cardOnScreen(page: Page, nth: number) {
  return page.evaluate((skip) => {
    const onScreen = [...document.querySelectorAll<HTMLElement>('li[aria-posinset]')].filter(
      (item) => {
        const box = item.getBoundingClientRect()
        return box.top >= 0 && box.bottom <= window.innerHeight
      },
    )
    const item = onScreen[skip] ?? onScreen[0]
    return {
      name: item?.querySelector('a')?.textContent ?? '',
      position: Number(item?.getAttribute('aria-posinset')),
    }
  }, nth)
}

test.beforeEach(async ({ control }) => {
  await control.largeDemo({ devices: 5000, apps: 2000 })
  await control.settings({ pageSize: 1000 })
})

test('5,000 devices: all pages read, few cards rendered, Back returns to the same place', async ({
  page,
  signIn,
}) => {
  test.slow()
  const pages: number[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/device/list')) {
      const body = request.postDataJSON() as { pageindex?: number }
      pages.push(body.pageindex ?? 1)
    }
  })
  await signIn('anna')
  await expect(page.getByRole('status').filter({ hasText: /^5,000 devices$/ })).toBeVisible(LOADED)
  expect([...new Set(pages)].sort()).toEqual([1, 2, 3, 4, 5])
  await expect(cards(page).first()).toHaveAttribute('aria-posinset', '1')
  await expect(cards(page).first()).toHaveAttribute('aria-setsize', '5000')
  expect(await cards(page).count()).toBeLessThan(100)

  // Far down the list, open a device, come back.
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight * 0.8 }))
  await expect.poll(async () => (await cardOnScreen(page, 1)).position).toBeGreaterThan(3000)
  const card = await cardOnScreen(page, 1)
  const before = await page.evaluate(() => window.scrollY)
  await page.getByRole('link', { name: card.name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: card.name })).toBeVisible()
  // The device's page opens at its top, with the header, as after loading it.
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page.getByRole('banner')).toBeInViewport()
  await page.goBack()
  const link = page.getByRole('link', { name: card.name, exact: true })
  await expect(link).toBeInViewport()
  const after = await page.evaluate(() => window.scrollY)
  expect(Math.abs(after - before)).toBeLessThan(await page.evaluate(() => window.innerHeight))
  // Focus is back on the card that was opened, as in a short list: Tab goes on from there, not
  // from the top of the list.
  await expect(link).toBeFocused()
  await page.keyboard.press('Tab')
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - after)).toBeLessThan(
    await page.evaluate(() => window.innerHeight),
  )
})

/**
 * Tab to the card at `position`, from the one before it: a retired device's card has a second
 * stop, its "Hide" button, which Tab passes first.
 */
async function tabToCard(page: Page, position: number) {
  const focused = page.locator('li[aria-posinset]:has(:focus)')
  await page.keyboard.press('Tab')
  // A card's second stop: "Hide from my devices" on a retired one, "Lost?" on a phone.
  const onHide = page
    .locator(':focus')
    .filter({ hasText: /^(Hide from my devices|Lost\?|Show where it is)/ })
  if ((await onHide.count()) > 0) {
    await expect(focused).toHaveAttribute('aria-posinset', String(position - 1))
    await page.keyboard.press('Tab')
  }
  await expect(focused).toHaveAttribute('aria-posinset', String(position))
}

test('5,000 devices: the search narrows the list, Tab goes through the cards in order', async ({
  page,
  signIn,
}) => {
  test.slow()
  await signIn('anna')
  await expect(page.getByRole('status').filter({ hasText: /^5,000 devices$/ })).toBeVisible(LOADED)
  const search = page.getByLabel('Search by name, model, serial number, IMEI or OS')
  await search.fill('pixel 7a 0041')
  // The name, and some serial numbers and IMEIs that contain the digits too.
  // The list's own status, not the toasts' (always there, empty until a toast comes).
  const count = page.getByRole('main').getByRole('status')
  await expect(count).toHaveText(/^\d{1,2} of 5,000 devices$/)
  const shown = Number(/^(\d+) of/.exec((await count.textContent()) ?? '')?.[1])
  await expect(cards(page)).toHaveCount(shown)
  await expect(page.getByRole('link', { name: 'Google Pixel 7a 0041', exact: true })).toBeVisible()
  await search.fill('')
  await expect(page.getByRole('status').filter({ hasText: /^5,000 devices$/ })).toBeVisible()

  // From the first card on, Tab moves card by card, past what was rendered at first.
  await cards(page).first().getByRole('link').first().focus()
  const focused = page.locator('li[aria-posinset]:has(:focus)')
  for (let step = 2; step <= 40; step++) await tabToCard(page, step)
  await expect(page.locator(':focus')).toBeInViewport()

  // Scrolled far away with the mouse, the focused card stays, alone: not the cards in between,
  // and the view is full of cards in their order. Tab goes on from the focused card.
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight * 0.8 }))
  await expect.poll(async () => (await cardOnScreen(page, 0)).position).toBeGreaterThan(3000)
  expect(await cards(page).count()).toBeLessThan(100)
  const onScreen = await page.evaluate(() =>
    [...document.querySelectorAll('li[aria-posinset]')]
      .filter((item) => {
        const box = item.getBoundingClientRect()
        return box.bottom > 0 && box.top < window.innerHeight
      })
      .map((item) => Number(item.getAttribute('aria-posinset'))),
  )
  expect(onScreen.length).toBeGreaterThanOrEqual(3)
  expect(onScreen).toEqual(onScreen.map((_, index) => (onScreen[0] ?? 0) + index))
  await expect(focused).toHaveAttribute('aria-posinset', '40')
  await tabToCard(page, 41)
  await expect(page.locator(':focus')).toBeInViewport()
})

test('2,000 apps: the catalog renders few cards and counts them all', async ({ page, signIn }) => {
  test.slow()
  await signIn('anna', '/apps')
  await expect(page.getByRole('status').filter({ hasText: /\d,\d{3} apps/ })).toBeVisible(LOADED)
  const apps = page.getByRole('main').getByRole('listitem')
  await expect(apps.first()).toHaveAttribute('aria-posinset', '1')
  expect(await apps.count()).toBeLessThan(100)
})

test('a service that ignores the page asked for: the first page, and the portal says what is missing', async ({
  page,
  signIn,
}) => {
  test.slow()
  // Fault injection: the lists reach the reference API without their pageindex, as a service
  // that does not page by it would take them; every answer is then page 1.
  for (const list of ['device/list', 'app/list']) {
    await page.route(`**/api/mdm/v2/${list}`, async (route) => {
      const { pageindex: _ignored, ...body } = route.request().postDataJSON() as {
        pageindex?: number
      }
      await route.continue({ postData: JSON.stringify(body) })
    })
  }
  await signIn('anna')
  await expect(
    page.getByText(
      '1,000 of 5,000 devices are shown: the service did not send the others. Please tell your IT help desk.',
    ),
  ).toBeVisible(LOADED)
  await expect(page.getByRole('status').filter({ hasText: '1,000 devices' })).toBeVisible()

  await page.getByRole('link', { name: 'Apps', exact: true }).click()
  await expect(
    page.getByText(
      '1,000 of 2,000 apps are shown: the service did not send the others. Please tell your IT help desk.',
    ),
  ).toBeVisible(LOADED)
})

test('a filter set while the list still arrives counts against all the devices, not those loaded so far', async ({
  page,
  signIn,
}) => {
  test.slow()
  // The unfiltered list's later pages are held: the filtered list arrives whole before them.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/mdm/v2/device/list', async (route) => {
    const body = route.request().postDataJSON() as { pageindex?: number; filter?: object }
    if (body.filter === undefined && (body.pageindex ?? 1) > 1) await held
    await route.continue()
  })
  await signIn('anna')
  const count = page.locator('main .list-count')
  await expect(count).toHaveText('1,000 of 5,000 devices loaded', LOADED)
  await page.getByText('Filters').click()
  await page.getByLabel('Management').selectOption({ label: 'Managed' })
  // All the managed devices have come; how many devices there are in all has not yet.
  await expect(count).toHaveText(/^[\d,]+ devices$/, LOADED)
  await expect(count).not.toContainText('1,000')
  release()
  await expect(count).toHaveText(/^[\d,]+ of 5,000 devices$/, LOADED)
})

test('a filtered list whose unfiltered pages failed does not count against the part that came', async ({
  page,
  signIn,
}) => {
  test.slow()
  // The unfiltered list's page 3 fails: the devices in all are not known, only those that came.
  await page.route('**/api/mdm/v2/device/list', async (route) => {
    const body = route.request().postDataJSON() as { pageindex?: number; filter?: object }
    if (body.filter === undefined && body.pageindex === 3) return route.abort()
    await route.continue()
  })
  await signIn('anna')
  const count = page.locator('main .list-count')
  await expect(count).toHaveText('2,000 of 5,000 devices: the others could not be loaded', LOADED)
  await page.getByText('Filters').click()
  await page.getByLabel('Management').selectOption({ label: 'Managed' })
  await expect(count).toHaveText(/^[\d,]+ devices$/, LOADED)
})
