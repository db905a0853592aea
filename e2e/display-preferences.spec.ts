import type { Page } from '@playwright/test'
import { expect, portalRunning, test } from './fixtures'
import { IDS, test as helpDeskTest } from './admin-fixtures'

/**
 * What axe cannot see of a reader's own settings and of what covers the page: a focused control
 * is never hidden behind a toast (WCAG 2.2 2.4.11), a dialog keeps its edge in a contrast theme
 * (forced colours, 1.4.11), and nothing moves of itself for a reader who asked for less motion.
 */

/** A refresh of the page's data (`read`) fails in the background: the toast that says so. */
async function showToast(page: Page, read: string) {
  await page.route(`**/api/mdm/v2/${read}`, (route) =>
    route.fulfill({
      json: { success: false, errorcode: '03000001', errormessage: 'down', tokenstatus: null },
    }),
  )
  await page.clock.fastForward(60_000)
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
  await expect(
    page.getByRole('region', { name: 'Benachrichtigungen' }).getByRole('button'),
  ).toBeVisible()
}

/** Tabs through the page and names each control that had focus entirely behind a toast. */
async function hiddenFocus(page: Page, presses: number) {
  const hidden: string[] = []
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press('Tab')
    const behind = await page.evaluate(() => {
      const focused = document.activeElement
      if (!focused || focused === document.body || focused.closest('.toast')) return null
      const box = focused.getBoundingClientRect()
      const covered = [...document.querySelectorAll('.toast')].some((toast) => {
        const over = toast.getBoundingClientRect()
        return (
          box.left >= over.left &&
          box.right <= over.right &&
          box.top >= over.top &&
          box.bottom <= over.bottom
        )
      })
      return covered ? (focused.textContent ?? '').trim().slice(0, 30) : null
    })
    if (behind !== null) hidden.push(behind)
  }
  return [...new Set(hidden)]
}

test.describe('on a phone with a toast shown', () => {
  test.use({ viewport: { width: 375, height: 700 }, locale: 'de-DE' })

  test("no focused control of a device's page is hidden behind the toast", async ({
    page,
    signIn,
  }) => {
    await page.clock.install()
    await signIn('anna', `/devices/${IDS.annaIphone}`)
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await showToast(page, 'device/info')
    expect(await hiddenFocus(page, 40), 'focused behind the toast').toEqual([])
  })
})

helpDeskTest.describe("the help desk's device list on a phone with a toast shown", () => {
  helpDeskTest.use({ viewport: { width: 375, height: 700 }, locale: 'de-DE' })

  helpDeskTest('no focused control is hidden behind the toast', async ({ page, signInAdmin }) => {
    await page.clock.install()
    await signInAdmin('/admin/devices')
    await expect(page.getByRole('link', { name: 'Bens Galaxy S23', exact: true })).toBeVisible()
    await showToast(page, 'device/list')
    expect(await hiddenFocus(page, 40), 'focused behind the toast').toEqual([])
  })
})

test.describe('in a contrast theme (forced colours)', () => {
  test.use({ locale: 'de-DE', viewport: { width: 375, height: 700 } })

  test("a dialog's edge stands out from the page behind it", async ({ page, signIn }) => {
    await page.emulateMedia({ forcedColors: 'active' })
    await signIn('anna', `/devices/${IDS.annaIphone}`)
    await page.getByRole('button', { name: 'Sperren …' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    // The theme takes shadows and backgrounds away: what is left of an edge is a line.
    const edge = await dialog.evaluate((element) => {
      const style = getComputedStyle(element)
      const outline = style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) : 0
      const border = style.borderTopStyle !== 'none' ? parseFloat(style.borderTopWidth) : 0
      return Math.max(outline, border)
    })
    expect(edge, "the width of the dialog's edge").toBeGreaterThanOrEqual(1)
  })
})

helpDeskTest.describe('for a reader who asked for less motion', () => {
  helpDeskTest.use({ locale: 'de-DE' })

  helpDeskTest('the list waiting for its answer stands still', async ({ page, signInAdmin }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/mdm/v2/user/list', async (route) => {
      await held
      await route.continue()
    })
    await signInAdmin('/admin/users')
    await portalRunning(page)
    await expect(page.locator('.skeleton__row').first()).toBeVisible()
    // The shimmer sets out after a second: it must not have by then either.
    await page.waitForTimeout(1500)
    const moving = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map((animation) => (animation as CSSAnimation).animationName),
    )
    release()
    expect(moving, 'animations running').toEqual([])
  })
})
