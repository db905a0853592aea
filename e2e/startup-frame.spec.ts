import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * Until the portal's code has run, the page the server sends shows the product's name and the
 * screen's heading and lead in the page's language (server/startup-frame.ts). The portal then
 * puts the same words in the same place: nothing jumps, and the largest text painted first is
 * the one the user keeps reading.
 */

/**
 * Where the heading, the lead and the product's name are, to a tenth of a pixel; on the account
 * page also the heading and the words of its first card, on "My apps" its toolbar and the hint
 * beneath it, and on a device's page its state and first action, which the frame shows as well
 * (a device's page as the server renders it, server/first-screen.ts).
 */
function layout(page: Page) {
  return page.evaluate(() =>
    [
      '.page__title',
      '.page__lead',
      '.brand',
      '.account-card h2',
      '.account-card__lead',
      '.apps-toolbar',
      '.apps-toolbar + .alert .alert__body',
      '.health-ok',
      '.action-card__description',
    ].map((selector) => {
      const element = document.querySelector(selector)
      if (!element) return null
      const box = element.getBoundingClientRect()
      const round = (value: number) => Math.round(value * 10) / 10
      return {
        selector,
        // The toolbar's device picker says "loading" in the frame: its place counts, not its words.
        text: selector === '.apps-toolbar' ? null : element.textContent,
        box: [round(box.x), round(box.y), round(box.width), round(box.height)],
      }
    }),
  )
}

const SCREENS = [
  { path: '/login', signedIn: false },
  { path: '/forgot-password', signedIn: false },
  { path: '/devices', signedIn: true },
  { path: '/enroll', signedIn: true },
  { path: '/account', signedIn: true },
  { path: '/apps', signedIn: true },
  // Anna's iPhone (README.md, Demo data): the server renders the device into the page.
  { path: '/devices/3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61', signedIn: true },
]

const CASES = [
  { locale: 'en-US', width: 375, heading: { '/devices': 'My devices' } },
  { locale: 'de-DE', width: 375, heading: { '/devices': 'Meine Geräte' } },
  { locale: 'en-US', width: 1280, heading: { '/devices': 'My devices' } },
]

for (const { locale, width, heading } of CASES) {
  test.describe(`the page before the portal starts (${locale}, ${width} px)`, () => {
    test.use({ locale, viewport: { width, height: 800 } })

    test('shows each screen’s heading where the portal then shows it', async ({ page, signIn }) => {
      test.slow()
      let seeded = false
      for (const { path, signedIn } of SCREENS) {
        // The page alone, as it arrives: no script runs.
        await page.route(/\.js$/, (route) => route.abort())
        if (signedIn && !seeded) {
          await signIn('anna', path)
          seeded = true
        } else {
          await page.goto(path)
        }
        // A device's page shows its device once the server's rendering of it has arrived.
        await expect(page.locator('#root > .shell .page__title')).toBeAttached()
        const frame = await layout(page)
        expect(frame[0], `${path}: the page has a heading before the portal starts`).not.toBeNull()
        expect(frame[2]?.text, `${path}: the product's name`).toBeTruthy()
        if (path === '/account') {
          expect(frame[4]?.text, 'the account page: its first card').toBeTruthy()
        }
        if (path.startsWith('/devices/')) {
          expect(frame[0]?.text, "a device's page: the device's name").toBe("Anna's iPhone")
          expect(frame[8]?.text, 'and the first of its actions').toBeTruthy()
        }
        if (path === '/apps') {
          expect(frame[6]?.text, 'My apps: the hint to choose a device').toBeTruthy()
        }
        // Nothing in the frame takes focus or typing (the fields of "My apps", the links and
        // buttons of a device's page): it is not the portal yet.
        await page.keyboard.press('Tab')
        expect(
          await page.evaluate(() => document.activeElement === document.body),
          `${path}: nothing takes focus`,
        ).toBe(true)
        await expect(page.locator('#root > .shell')).toHaveAttribute('aria-hidden', 'true')
        await expect(page.locator('#root > .shell')).toHaveAttribute('inert', '')
        await page.unroute(/\.js$/)

        // The portal, started: the same words in the same places.
        await page.goto(path)
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
        await expect.poll(() => layout(page), { message: path }).toEqual(frame)
      }
      await page.route(/\.js$/, (route) => route.abort())
      await page.goto('/devices')
      await expect(page.locator('h1')).toHaveText(heading['/devices'])
    })
  })
}

test('a password link opens on its heading before the portal starts', async ({
  page,
  request,
  control,
}) => {
  const asked = await request.post('/api/mdm/v2/user/forgotpassword', {
    data: { emailaddress: 'anna@example.com', usertype: 'user' },
  })
  expect(asked.ok()).toBe(true)
  const link = (await control.outbox())
    .filter((mail) => mail.to === 'anna@example.com')
    .flatMap((mail) => mail.links)
    .findLast((href) => href.includes('/reset-password?token='))
  if (!link) throw new Error('no reset link in the outbox')
  const path = new URL(link, 'http://portal').pathname + new URL(link, 'http://portal').search

  await page.route(/\.js$/, (route) => route.abort())
  await page.goto(path)
  const frame = await layout(page)
  expect(frame[0]?.text).toBe('Choose a new password')
  await page.unroute(/\.js$/)

  await page.goto(path)
  await expect(page.getByRole('button', { name: 'Save new password' })).toBeVisible()
  expect((await layout(page))[0]).toEqual(frame[0])
})
