import type { Locator, Page } from '@playwright/test'
import { expect, portalRunning, test } from './fixtures'
import { IDS, test as helpDeskTest } from './admin-fixtures'

/**
 * The portal on a desktop's screen (1920 px): the main column is as wide as the header, but
 * running text stops at a line a reader's eye can follow back, and nothing stretches to the width
 * only because it is there.
 */

const DESKTOP = { width: 1920, height: 1080 }
const MACBOOK = '7d0a3f4e-5c6b-4a8d-9e1f-2b3c4d5e6f83'

/** About 75 characters: the longest line of running text a page should set. */
const LONGEST_LINE = 78

/**
 * The most characters on one line of any paragraph, list item or control's description (a
 * choice's hint) in the main column, with the start of its text: each character's line is where
 * its box stands.
 */
async function longestLine(page: Page): Promise<{ characters: number; text: string }> {
  return page.locator('main').evaluate((main) => {
    let longest = { characters: 0, text: '' }
    const descriptions = [...main.querySelectorAll('[aria-describedby]')].flatMap((control) =>
      (control.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .filter((element): element is HTMLElement => element !== null && main.contains(element)),
    )
    for (const element of [...main.querySelectorAll('p, li'), ...descriptions]) {
      // Text not drawn (a screen React keeps hidden while the next one loads) has no lines: each
      // of its characters would stand at the same place and count as one line.
      if (!element.checkVisibility()) continue
      const perLine = new Map<number, number>()
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      const range = document.createRange()
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let index = 0; index < (node.textContent ?? '').length; index += 1) {
          range.setStart(node, index)
          range.setEnd(node, index + 1)
          const top = Math.round(range.getBoundingClientRect().top)
          perLine.set(top, (perLine.get(top) ?? 0) + 1)
        }
      }
      const characters = Math.max(0, ...perLine.values())
      if (characters > longest.characters) {
        longest = { characters, text: (element.textContent ?? '').slice(0, 50) }
      }
    }
    return longest
  })
}

/** The width of every list's search box (28rem): a search asks for a few words, not a line. */
const SEARCH_WIDTH = 448

/** Where a box stands across the page, read when it is there. */
function across(locator: Locator) {
  return locator.evaluate((element) => {
    const { x, width } = element.getBoundingClientRect()
    return { x, width }
  })
}

/**
 * The list's search box is as wide as every list's, and the filters' bar under it no wider; the
 * filters, once open, have the page's width for their fields.
 */
async function expectSearchOfTheListsWidth(page: Page, label: string) {
  await portalRunning(page)
  const search = await across(page.getByRole('searchbox', { name: label, exact: true }))
  expect(search.width, `the width of "${label}"`).toBe(SEARCH_WIDTH)
  const filters = page.getByRole('group').filter({ has: page.getByText('Filter', { exact: true }) })
  if (!(await filters.count())) return
  expect(await across(filters)).toEqual(search)
  await page.getByText('Filter', { exact: true }).click()
  await expect(filters.getByRole('combobox').first()).toBeVisible()
  const open = await across(filters)
  expect(open.x).toBe(search.x)
  expect(open.width).toBeGreaterThan(SEARCH_WIDTH * 2)
}

async function expectReadableLines(page: Page) {
  let longest = { characters: 0, text: '' }
  // Read once the page has settled: a screen may still be swapping in its answers.
  await expect
    .poll(async () => (longest = await longestLine(page)).characters, {
      message: 'the longest line of running text',
    })
    .toBeLessThanOrEqual(LONGEST_LINE)
  expect(longest.characters, `the longest line, in "${longest.text}…"`).toBeLessThanOrEqual(
    LONGEST_LINE,
  )
}

test.describe('on a wide screen', () => {
  test.use({ viewport: DESKTOP, locale: 'de-DE' })

  test('running text stops at a readable line length on the device list and a device page', async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Geräte' })).toBeVisible()
    await expectReadableLines(page)

    // The MacBook has been out of touch (a paragraph of advice), cannot do everything (a list of
    // reasons) and has no location (a sentence why).
    await page.goto(`/devices/${MACBOOK}`)
    await expect(page.getByRole('heading', { level: 1, name: "Anna's MacBook Pro" })).toBeVisible()
    await expect(page.getByText('Kein Standort bekannt.', { exact: false })).toBeVisible()
    await expectReadableLines(page)
  })

  test("the device search is as wide as every list's search, with the filters under it", async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/devices')
    await expectSearchOfTheListsWidth(
      page,
      'Nach Name, Modell, Seriennummer, IMEI oder Betriebssystem suchen',
    )
  })

  test("the enrollment's choices, checks and steps stop at a readable line length", async ({
    page,
    signIn,
  }) => {
    await signIn('ben', '/enroll')
    await expect(page.getByRole('heading', { level: 2, name: /Welches Gerät/ })).toBeVisible()
    await expectReadableLines(page)
    await page.getByRole('radio', { name: /iPhone oder iPad/ }).check()
    await page.getByRole('radio', { name: /Firmengerät/ }).check()
    await expectReadableLines(page)
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Bevor Sie beginnen' })).toBeVisible()
    await expectReadableLines(page)
    await page.getByRole('button', { name: 'Weiter' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Profil laden' })).toBeVisible()
    await expectReadableLines(page)
    await page.getByRole('button', { name: 'Profil herunterladen' }).click()
    await page.getByRole('button', { name: 'Weiter zur Installation' }).click()
    await expect(
      page.getByRole('heading', { level: 2, name: /Profil .* installieren/ }),
    ).toBeVisible()
    await expectReadableLines(page)
  })

  test('the apps of no one device stand side by side as the devices do, not as rows across the page', async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/apps')
    const list = page.getByRole('region', { name: 'Apple-Apps' }).getByRole('list').first()
    await expect(list.getByRole('listitem').first()).toBeVisible()
    const columns = await list.evaluate(
      (element) => getComputedStyle(element).gridTemplateColumns.split(' ').length,
    )
    expect(columns).toBeGreaterThanOrEqual(3)
    // Chosen a device, each app's row has its install state and buttons at its right end.
    await page.getByLabel('Gerät', { exact: true }).selectOption(IDS.annaIphone)
    const rows = page
      .getByRole('main')
      .getByRole('list')
      .filter({ has: page.getByRole('button') })
      .first()
    await expect(rows).toBeVisible()
    await expect(rows).toHaveCSS('grid-template-columns', /^\S+$/)
  })
})

helpDeskTest.describe('the help desk on a wide screen', () => {
  helpDeskTest.use({ viewport: DESKTOP, locale: 'de-DE' })

  helpDeskTest(
    "running text stops at a readable line length on a user's and a device's page",
    async ({ page, signInAdmin }) => {
      await signInAdmin(`/admin/users/${IDS.annaSid}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Anna Berger' })).toBeVisible()
      await expectReadableLines(page)

      await page.goto(`/admin/devices/${IDS.annaIphone}`)
      await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
      await expect(
        page.getByText('Der Dienst teilt Administratoren', { exact: false }),
      ).toBeVisible()
      await expectReadableLines(page)
    },
  )

  helpDeskTest(
    "the search of all devices is as wide as the users' search, with the filters under it",
    async ({ page, signInAdmin }) => {
      await signInAdmin('/admin/users')
      await expectSearchOfTheListsWidth(page, 'Benutzer suchen')
      await page.goto('/admin/devices')
      await expectSearchOfTheListsWidth(
        page,
        'Nach Gerät, Modell, Seriennummer, IMEI, Betriebssystem oder Besitzer suchen',
      )
    },
  )
})
