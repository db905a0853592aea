import type { Page } from '@playwright/test'
import { expect, portalRunning, test } from './fixtures'
import { IDS, test as helpDeskTest } from './admin-fixtures'

/**
 * What axe cannot see, on a phone: every screen in German (the longer words) at 320 CSS px with
 * the text spacing of WCAG 2.2 1.4.12 scrolls only downwards and cuts no text off (1.4.10), and at
 * 375 px every control is a target of at least 24 × 24 px or stands far enough from the next one
 * (2.5.8).
 */

const MACBOOK = '7d0a3f4e-5c6b-4a8d-9e1f-2b3c4d5e6f83'

/** The text spacing a reader may set (1.4.12), all at once, over the portal's own. */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important;
      word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`

/**
 * The page's width beyond the window's, and every drawn element whose own text runs out of its
 * box without a scroll bar of its own to reach it. Text hidden for all but screen readers (a box
 * of one pixel) is no text cut off.
 */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const cut: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility() || element.clientWidth <= 1) continue
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      )
      if (!ownText) continue
      const { overflowX } = getComputedStyle(element)
      if (overflowX === 'auto' || overflowX === 'scroll') continue
      if (element.scrollWidth > element.clientWidth + 1) {
        cut.push(`${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}"`)
      }
    }
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      cut,
    }
  })
}

/** The screen as it is now, once with the portal's spacing and once with the reader's. */
async function expectReflow(page: Page, screen: string, spacings = [false, true]) {
  await portalRunning(page)
  for (const spacing of spacings) {
    if (spacing) await page.addStyleTag({ content: TEXT_SPACING })
    const label = `${screen}${spacing ? ', text spacing' : ''}`
    // Read once the page has settled: a screen may still be swapping in its answers.
    await expect.poll(async () => (await overflowOf(page)).page, { message: label }).toBe(0)
    expect((await overflowOf(page)).cut, `text cut off on ${label}`).toEqual([])
  }
}

/**
 * Every control smaller than 24 × 24 px that is not excused (2.5.8): a link inside a line of text,
 * a radio or checkbox whose label (its larger target) is big enough, or a control whose 24 px
 * circle meets no other control and no other small control's circle.
 */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
      ),
    ]
      .filter((control) => control.checkVisibility() && !control.closest('[inert]'))
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1)
    const big = (box: DOMRect) => box.width >= 24 && box.height >= 24
    const centre = (box: DOMRect) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 })
    const small = controls.filter(({ control, box }) => {
      if (big(box)) return false
      if (control.tagName === 'A' && getComputedStyle(control).display === 'inline') return false
      const labels = control instanceof HTMLInputElement ? [...(control.labels ?? [])] : []
      return !labels.some((label) => big(label.getBoundingClientRect()))
    })
    return small
      .filter(({ control, box }) => {
        const { x, y } = centre(box)
        return controls.some((other) => {
          if (other.control === control || other.control.contains(control)) return false
          if (control.contains(other.control)) return false
          if (small.includes(other)) {
            const o = centre(other.box)
            return Math.hypot(x - o.x, y - o.y) < 24
          }
          const nearestX = Math.max(other.box.left, Math.min(x, other.box.right))
          const nearestY = Math.max(other.box.top, Math.min(y, other.box.bottom))
          return Math.hypot(x - nearestX, y - nearestY) < 12
        })
      })
      .map(({ control, box }) => {
        const name = control.getAttribute('aria-label') ?? control.textContent ?? ''
        return `${control.tagName.toLowerCase()} "${name.trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`
      })
  })
}

async function expectTargets(page: Page, screen: string) {
  await portalRunning(page)
  expect(await smallTargets(page), `controls under 24 × 24 px on ${screen}`).toEqual([])
}

/** The screens of an employee, each looked at by `look` in the state it names. */
async function employeeScreens(page: Page, look: (page: Page, screen: string) => Promise<void>) {
  const heading = page.getByRole('heading', { level: 1 })
  await page.goto('/devices')
  await expect(heading).toHaveText('Meine Geräte')
  await look(page, 'the device list')
  await page.getByRole('banner').getByRole('button', { name: 'Menü' }).click()
  await look(page, 'the open menu')
  await page.getByRole('banner').getByRole('button', { name: 'Menü' }).click()
  await page.getByText('Filter', { exact: true }).click()
  await look(page, 'the open filters')

  for (const [id, name] of [
    [IDS.annaIphone, "Anna's iPhone"],
    [IDS.annaPixel, "Anna's Pixel"],
    [MACBOOK, "Anna's MacBook Pro"],
  ] as const) {
    await page.goto(`/devices/${id}`)
    await expect(heading).toHaveText(name)
    await look(page, name)
  }
  // The Pixel's wipe: the longest choices of any dialog.
  await page.goto(`/devices/${IDS.annaPixel}`)
  await page.getByRole('button', { name: 'Gerät löschen …' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await look(page, 'the wipe dialog')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Modus „Verloren“ aktivieren …' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await look(page, 'the lost mode dialog')
  await page.keyboard.press('Escape')

  await page.goto('/apps')
  await expect(heading).toHaveText('Apps')
  await look(page, 'the apps')
  await page.getByRole('main').getByRole('link', { name: 'Secure Mail' }).first().click()
  await expect(heading).toHaveText('Secure Mail')
  await look(page, 'an app')

  await page.goto('/enroll')
  await page.getByRole('radio', { name: /iPhone oder iPad/ }).check()
  await page.getByRole('radio', { name: /Firmengerät/ }).check()
  await look(page, "the enrollment's choices")
  await page.getByRole('button', { name: 'Weiter' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Bevor Sie beginnen' })).toBeVisible()
  await look(page, "the enrollment's checks")

  await page.goto('/account')
  await expect(heading).toHaveText('Konto')
  await look(page, 'the account')
}

async function helpDeskScreens(page: Page, look: (page: Page, screen: string) => Promise<void>) {
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('Benutzer')
  await look(page, 'the users')
  await page.getByRole('button', { name: 'Benutzer einladen' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await look(page, 'the invitation')
  await page.keyboard.press('Escape')

  await page.goto(`/admin/users/${IDS.annaSid}`)
  await expect(heading).toHaveText('Anna Berger')
  await look(page, 'a user')
  await page.getByRole('button', { name: 'Benutzer löschen' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await look(page, 'the deletion of a user')
  await page.keyboard.press('Escape')

  await page.goto('/admin/devices')
  await expect(heading).toHaveText('Alle Geräte')
  await look(page, 'all devices')
  await page.goto('/admin/activity')
  await expect(heading).toHaveText('Aktivität')
  await expect(
    page.getByRole('heading', { level: 2, name: 'Suchen und herunterladen' }),
  ).toBeVisible()
  await look(page, "the tenant's activity")
  await page.goto(`/admin/devices/${IDS.annaIphone}`)
  await expect(heading).toHaveText("Anna's iPhone")
  await look(page, "a device of the help desk's")
}

test.describe('at 320 px in German, with and without wider text spacing', () => {
  // The reader's spacing is a style sheet of their own: the page's policy does not apply to it.
  test.use({ viewport: { width: 320, height: 640 }, locale: 'de-DE', bypassCSP: true })

  test('the signed-out pages scroll only downwards and cut no text off', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectReflow(page, 'the sign-in page')
    await page.goto('/forgot-password')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectReflow(page, 'the forgotten password')
  })

  test("an employee's screens scroll only downwards and cut no text off", async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/devices')
    await employeeScreens(page, expectReflow)
  })
})

helpDeskTest.describe('the help desk at 320 px in German, with wider text spacing', () => {
  helpDeskTest.use({ viewport: { width: 320, height: 640 }, locale: 'de-DE', bypassCSP: true })

  helpDeskTest(
    'its screens scroll only downwards and cut no text off',
    async ({ page, signInAdmin }) => {
      await signInAdmin('/admin/users')
      await helpDeskScreens(page, expectReflow)
    },
  )
})

/**
 * The page at twice the reader's text size (1.4.4), on a wide screen: text enlarged by the page's
 * root font size alone, which a browser's text zoom changes without the media queries' rem.
 */
async function expectLargeText(page: Page, screen: string) {
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'))
  await expectReflow(page, `${screen}, text at 200 %`, [false])
  await page.evaluate(() => (document.documentElement.style.fontSize = ''))
}

test.describe('at 1280 px with text at 200 %', () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: 'de-DE', bypassCSP: true })

  test("an employee's header and screens scroll only downwards and cut no text off", async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Geräte')
    await expectLargeText(page, 'the device list')
    await page.goto(`/devices/${IDS.annaPixel}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Anna's Pixel")
    await expectLargeText(page, "Anna's Pixel")
  })
})

helpDeskTest.describe('the help desk at 1280 px with text at 200 %', () => {
  helpDeskTest.use({ viewport: { width: 1280, height: 800 }, locale: 'de-DE', bypassCSP: true })

  helpDeskTest(
    'its header and screens scroll only downwards and cut no text off',
    async ({ page, signInAdmin }) => {
      await signInAdmin('/admin/users')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benutzer')
      await expectLargeText(page, 'the users')
      await page.goto('/admin/activity')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aktivität')
      await expectLargeText(page, "the tenant's activity")
      await page.goto(`/admin/devices/${IDS.annaIphone}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("Anna's iPhone")
      await expectLargeText(page, "a device of the help desk's")
    },
  )
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 }, locale: 'de-DE' })

  test("every control of an employee's screens is a target of 24 × 24 px or stands apart", async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/devices')
    await employeeScreens(page, expectTargets)
  })
})

helpDeskTest.describe('the help desk at 375 px', () => {
  helpDeskTest.use({ viewport: { width: 375, height: 800 }, locale: 'de-DE' })

  helpDeskTest(
    'every control of its screens is a target of 24 × 24 px or stands apart',
    async ({ page, signInAdmin }) => {
      await signInAdmin('/admin/users')
      await helpDeskScreens(page, expectTargets)
    },
  )
})
