import type { Locator, Page } from '@playwright/test'
import { expect, IDS, test } from './admin-fixtures'
import { portalRunning, users } from './fixtures'

/** Longer than a phone's line, in parts that each fit one. */
const LONG = 'maximiliane.mustermann@personalabteilung.beispielfirma.de'

test.use({ locale: 'de-DE' })

/** The service knows Anna by the long address (every answer that names her). */
async function annaHasTheLongAddress(page: Page) {
  await page.route('**/api/mdm/v2/**', async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replaceAll(users.anna.email, LONG)
    await route.fulfill({ response, body })
  })
}

/**
 * Where the address's lines break: the character before each break, and whether the address
 * reaches past the page's right edge.
 */
function linesOf(address: Locator) {
  return address.evaluate((element) => {
    const before: string[] = []
    let top: number | null = null
    let last = ''
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange()
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        const { top: charTop } = range.getBoundingClientRect()
        if (top !== null && charTop > top + 4) before.push(last)
        top = charTop
        last = text.charAt(index)
      }
    }
    const width = document.documentElement.clientWidth
    const overflows =
      element.getBoundingClientRect().right > width || document.documentElement.scrollWidth > width
    return { before, overflows }
  })
}

async function expectBreaksAfterAtOrDot(address: Locator) {
  await expect(address).toHaveText(LONG)
  const { before, overflows } = await linesOf(address)
  // Too long for one line here: it does break, and only where a reader expects it.
  expect(before.length).toBeGreaterThan(0)
  for (const character of before) expect(['@', '.']).toContain(character)
  expect(overflows).toBe(false)
}

for (const width of [320, 375]) {
  test.describe(`a long e-mail address at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test("breaks after its @ or a dot in the help desk's list and user page", async ({
      page,
      signInAdmin,
    }) => {
      await annaHasTheLongAddress(page)
      await signInAdmin('/admin/users')
      await expectBreaksAfterAtOrDot(page.getByRole('listitem').getByText(LONG))

      await page.goto(`/admin/users/${IDS.annaSid}`)
      await expectBreaksAfterAtOrDot(page.locator('.page__lead').getByText(LONG))
      await expectBreaksAfterAtOrDot(page.getByRole('definition').getByText(LONG))
    })

    test('breaks after its @ or a dot on the account page', async ({ page, signIn }) => {
      await annaHasTheLongAddress(page)
      await signIn('anna', '/account')
      const addresses = page.getByRole('main').getByText(LONG)
      // Under the name, and among the account's details.
      await expect(addresses).toHaveCount(2)
      for (const address of await addresses.all()) {
        await expectBreaksAfterAtOrDot(address)
      }
    })

    test('breaks after its @ or a dot on the invitation page', async ({
      page,
      request,
      control,
    }) => {
      await request.post('/api/mdm/v2/user/forgotpassword', {
        data: { emailaddress: users.anna.email, usertype: 'user' },
      })
      const mail = (await control.outbox()).findLast((entry) => entry.to === users.anna.email)
      const token = new URL(mail?.links[0] ?? '').searchParams.get('token') ?? ''
      const search = new URLSearchParams({ token, join: '1', email: LONG })
      await page.goto(`/reset-password?${search.toString()}`)
      // The server draws the address: measured once the portal has the page (which draws it anew
      // where the link's answer came before the portal's code).
      await portalRunning(page)
      const line = page.getByText(`Ihr Konto: ${LONG}`)
      await expect(line).toBeVisible()
      await expectBreaksAfterAtOrDot(line.getByText(LONG))
    })
  })
}
