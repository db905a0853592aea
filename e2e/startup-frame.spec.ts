import type { Page, Route } from '@playwright/test'
import { admin } from './admin-fixtures'
import { expect, test, tokenOf } from './fixtures'

/**
 * The page the server sends is the screen drawn by the portal's own components, in the page's
 * language (server/pages/pages.ts): before the portal's code has run it shows the header, the heading
 * and lead, the forms, and placeholders where data will come. The portal then takes that markup
 * over (it hydrates it): nothing moves, and no element is replaced.
 */

/** Where the page's parts are, to a tenth of a pixel, and what they say. */
function layout(page: Page) {
  return page.evaluate(() =>
    [
      '.brand',
      '.page__title',
      '.page__lead',
      '#main',
      '.nav__link',
      'label',
      'input',
      'button[type="submit"]',
      '.skeleton',
    ].map((selector) => {
      const element = document.querySelector(selector)
      if (!element) return null
      const box = element.getBoundingClientRect()
      const round = (value: number) => Math.round(value * 10) / 10
      return {
        selector,
        text: element.textContent,
        box: [round(box.x), round(box.y), round(box.width), round(box.height)],
      }
    }),
  )
}

/** Anna's iPhone in the demo data (server/mdm/README.md, demo data). */
const ANNAS_IPHONE = '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61'

const SCREENS = [
  { path: '/login', session: null },
  { path: '/forgot-password', session: null },
  // The link's answer is held back with the rest: its form is drawn and takes over as it is.
  { path: '/reset-password?token=a-link-of-the-test', session: null },
  // A link that names its account: the server draws the address in it.
  { path: '/reset-password?token=a-link-of-the-test&email=anna%40example.com', session: null },
  { path: '/devices', session: 'user' },
  { path: `/devices/${ANNAS_IPHONE}`, session: 'user' },
  { path: '/apps', session: 'user' },
  { path: '/enroll', session: 'user' },
  { path: '/account', session: 'user' },
  // The help desk offers nothing before the administrator's role is known, drawn or not.
  { path: '/admin/users', session: 'admin' },
] as const

const HEADINGS = {
  'en-US': { '/login': 'Sign in', '/devices': 'My devices' },
  'de-DE': { '/login': 'Anmelden', '/devices': 'Meine Geräte' },
}

/** Holds back every request for the portal's code (and, signed in, the API's answers). */
async function holdBack(page: Page, pattern: (url: URL) => boolean) {
  const held: Route[] = []
  let holding = true
  await page.route(pattern, (route) => (holding ? void held.push(route) : void route.continue()))
  return async () => {
    holding = false
    for (const route of held.splice(0)) await route.continue()
  }
}

const portalCode = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')
const api = (url: URL) => url.pathname.startsWith('/api/')

for (const locale of ['en-US', 'de-DE'] as const) {
  for (const width of [375, 1280]) {
    test.describe(`the page before and after the portal starts (${locale}, ${width} px)`, () => {
      test.use({ locale, viewport: { width, height: 800 } })

      test('shows each screen drawn, and nothing moves when the portal takes it over', async ({
        page,
        control,
        request,
      }) => {
        test.slow()
        const tokens = {
          user: await control.login('anna'),
          admin: await tokenOf(request, admin, 'admin'),
        }
        for (const { path, session } of SCREENS) {
          await page.addInitScript(
            ([value, role]) => {
              if (value) sessionStorage.setItem('mdm.session', value)
              else sessionStorage.removeItem('mdm.session')
              sessionStorage.setItem('mdm.session.role', role)
            },
            [session ? tokens[session] : '', session ?? 'user'] as const,
          )
          // The answers wait too, so the placeholders stay while the two are compared.
          const releaseApi = await holdBack(page, api)
          const releaseCode = await holdBack(page, portalCode)
          await page.goto(path, { waitUntil: 'commit' })
          await expect(page.locator('#main .page__title')).toBeVisible()
          // The page's style sheets are there, as they are before the browser first paints.
          await expect
            .poll(() =>
              page.evaluate(() =>
                [...document.querySelectorAll('link[rel="stylesheet"]:not([disabled])')].every(
                  (link) => (link as HTMLLinkElement).sheet,
                ),
              ),
            )
            .toBe(true)
          const drawn = await layout(page)
          // The head as the server sent it: one title, the screen's, and one description.
          const head = () =>
            page.evaluate(() => ({
              titles: [...document.querySelectorAll('title')].map((title) => title.text),
              descriptions: [...document.querySelectorAll('meta[name="description"]')].map((meta) =>
                meta.getAttribute('content'),
              ),
            }))
          const sent = await head()
          expect(sent.titles, `${path}: its title`).toEqual([
            expect.stringMatching(/^.+ · (Device Portal|Geräteportal)$/),
          ])
          expect(sent.descriptions, `${path}: its description`).toHaveLength(1)
          expect(drawn[0]?.text, `${path}: the product's name`).toBeTruthy()
          const heading = HEADINGS[locale][path as keyof (typeof HEADINGS)[typeof locale]]
          if (heading) expect(drawn[1]?.text, `${path}: its heading`).toBe(heading)
          await page.evaluate(() => {
            Object.assign(window, { drawnMain: document.getElementById('main') })
          })

          await releaseCode()
          // The portal has taken the page over: React's own properties are on its elements.
          await expect
            .poll(
              () =>
                page.evaluate(() => {
                  const main = document.getElementById('main')
                  return !!main && Object.keys(main).some((key) => key.startsWith('__react'))
                }),
              // A busy machine takes a while for the forty files of a signed-in screen.
              { timeout: 30_000 },
            )
            .toBe(true)
          expect(
            await page.evaluate(
              () =>
                (window as unknown as { drawnMain: unknown }).drawnMain ===
                document.getElementById('main'),
            ),
            `${path}: the portal keeps the page's elements`,
          ).toBe(true)
          expect(await layout(page), `${path}: nothing has moved`).toEqual(drawn)
          // The portal names the screen as the server did, with the same element.
          expect(await head(), `${path}: the same title and description`).toEqual(sent)
          await releaseApi()
          await page.unrouteAll({ behavior: 'ignoreErrors' })
        }
      })
    })
  }
}

test.describe('with JavaScript blocked', () => {
  test.use({ javaScriptEnabled: false, locale: 'de-DE' })

  test('the page says in its language that the portal needs JavaScript', async ({
    page,
    request,
  }) => {
    await page.goto('/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Geräte' })).toBeVisible()
    // What a browser without scripts shows (the test browser's parser still runs as if it had
    // them, so the markup is read as sent).
    const sent = await (
      await request.get('/devices', { headers: { 'accept-language': 'de' } })
    ).text()
    expect(sent).toMatch(/<noscript><p class="noscript">Das Portal benötigt JavaScript\./)
  })
})

test('a page that does not exist, signed in, shows the signed-in frame with the 404', async ({
  page,
  signIn,
}) => {
  await signIn('anna', '/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Devices' })).toBeVisible()
  await page.getByRole('button', { name: 'Signed in as Anna Berger' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
})
