import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * The focus ring on every kind of control, on the dark theme and the light, on a laptop and a
 * phone, in German: WCAG 2.2 2.4.11 and 2.4.13 ask of a focus indicator at least 3:1 against the
 * colours beside it. The ring stands a little outside its control, over what the control stands
 * on: its contrast is taken against that colour.
 */

const IPHONE = '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61'

interface Ring {
  control: string
  contrast: number
}

/** The focused control's ring, and its contrast against the nearest colour behind it. */
function ringOfFocused(page: Page): Promise<Ring | null> {
  return page.evaluate(() => {
    const focused = document.activeElement
    if (!(focused instanceof HTMLElement) || focused === document.body) return null
    // Only a ring the browser shows is measured (in the journeys' browser a date field between
    // its parts is not :focus-visible); that focus is seen at all is the keyboard journey's test.
    if (!focused.matches(':focus-visible')) return null
    // A card's link gives its ring to the card (.card--link:focus-within).
    const ringed =
      getComputedStyle(focused).outlineStyle === 'none'
        ? (focused.closest<HTMLElement>('.card--link') ?? focused)
        : focused
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number)
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = channels(colour)
        .slice(0, 3)
        .map((value) => {
          const v = value / 255
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
        })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    let behind = 'rgb(0, 0, 0)'
    for (let element = ringed.parentElement; element; element = element.parentElement) {
      const background = getComputedStyle(element).backgroundColor
      if ((channels(background)[3] ?? 1) > 0) {
        behind = background
        break
      }
    }
    const style = getComputedStyle(ringed)
    const ring = luminance(style.outlineColor)
    const back = luminance(behind)
    const [light, dark] = [Math.max(ring, back), Math.min(ring, back)]
    const name = (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim()
    return {
      control: `${focused.tagName.toLowerCase()} "${name.slice(0, 30)}" (${style.outlineStyle})`,
      contrast:
        style.outlineStyle === 'none' ? 0 : Math.round(((light + 0.05) / (dark + 0.05)) * 10) / 10,
    }
  })
}

/** Tabs through the page (`presses` times) and expects a ring of 3:1 on every stop. */
async function expectRingsSeen(page: Page, presses: number) {
  const weak: string[] = []
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press('Tab')
    const ring = await ringOfFocused(page)
    if (ring && ring.contrast < 3) weak.push(`${ring.control}: ${ring.contrast}:1`)
  }
  expect([...new Set(weak)], 'focus rings under 3:1 against what is behind them').toEqual([])
}

for (const theme of ['dark', 'light'] as const) {
  for (const width of [1280, 375]) {
    test.describe(`the ${theme} theme at ${width} px`, () => {
      test.use({ colorScheme: theme, locale: 'de-DE', viewport: { width, height: 900 } })

      test('every control shows a focus ring that stands out from what is behind it', async ({
        page,
        signIn,
      }) => {
        // The page's clock is the test's, to let its data age in an instant.
        await page.clock.install()
        // A device's page: links, buttons, the header's menu; its filters: selects and dates.
        await signIn('anna', `/devices/${IPHONE}`)
        await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
        await expectRingsSeen(page, 40)

        // A dialog: text fields, its buttons and its close button.
        await page.getByRole('button', { name: 'Sperren …' }).click()
        await expect(page.getByRole('dialog')).toBeVisible()
        await expectRingsSeen(page, 8)
        await page.keyboard.press('Escape')

        // The header's menu, opened (on a phone, the whole navigation).
        const menu = page.getByRole('banner').getByRole('button', { expanded: false }).last()
        await menu.focus()
        await page.keyboard.press('Enter')
        await expectRingsSeen(page, 8)
        await page.keyboard.press('Escape')

        // A toast: a refresh of the page's data fails in the background; its one button.
        await page.route('**/api/mdm/v2/device/info', (route) =>
          route.fulfill({
            json: {
              success: false,
              errorcode: '03000001',
              errormessage: 'down',
              tokenstatus: null,
            },
          }),
        )
        await page.clock.fastForward(30_000)
        await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
        const dismiss = page
          .getByRole('region', { name: 'Benachrichtigungen' })
          .getByRole('button', { name: 'Hinweis schließen' })
        await expect(dismiss).toBeVisible()
        await dismiss.focus()
        await expect(dismiss).toBeFocused()
        const ring = await ringOfFocused(page)
        expect(ring?.contrast, ring?.control).toBeGreaterThanOrEqual(3)

        // The enrollment's radio cards, and the forms of the account's page.
        await page.unrouteAll()
        await page.goto('/enroll')
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expectRingsSeen(page, 12)
        await page.goto('/devices')
        await page.getByText('Filter', { exact: true }).click()
        await expectRingsSeen(page, 20)
      })
    })
  }
}
