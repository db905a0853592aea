import type { APIRequestContext, Page, Request, Route } from '@playwright/test'
import { test as adminTest, auditor, IDS } from './admin-fixtures'
import { codeOf, expect, seedSession, test, tokenOf } from './fixtures'
import { watchLayoutShifts } from './layout-shifts'

/** The code one page lists and another does not: what is that page's own. */
async function ownCode(request: APIRequestContext, path: string, other: string) {
  const others = new Set(await codeOf(request, other))
  const own = (await codeOf(request, path)).filter((file) => !others.has(file))
  expect(own.length, `${path} has code of its own`).toBeGreaterThan(0)
  return own
}

/** Every API path asked for from here on. */
function apiRequests(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (request) => {
    const path = /\/api\/mdm\/v2\/(.+)$/.exec(new URL(request.url()).pathname)?.[1]
    if (path) paths.push(path)
  })
  return paths
}

/** The page's requests that have neither finished nor failed. */
function openRequests(page: Page): Set<Request> {
  const open = new Set<Request>()
  page.on('request', (request) => open.add(request))
  page.on('requestfinished', (request) => open.delete(request))
  page.on('requestfailed', (request) => open.delete(request))
  return open
}

/** Holds back the browser's requests for these files until `release` is called. */
async function holdFiles(page: Page, files: string[]) {
  const held: Route[] = []
  let holding = true
  await page.route(
    (url) => files.includes(url.pathname),
    (route) => (holding ? void held.push(route) : void route.continue()),
  )
  return {
    held,
    release: async () => {
      holding = false
      for (const route of held.splice(0)) await route.continue()
    },
  }
}

test.describe('the first page', () => {
  test('"/" without a session shows sign-in, without the signed-in code and without a request', async ({
    page,
    request,
  }) => {
    const signedInCode = await ownCode(request, '/devices', '/login')
    const fetched: string[] = []
    page.on('request', (each) => fetched.push(new URL(each.url()).pathname))
    const asked = apiRequests(page)

    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.getByLabel('E-mail address')).toBeEditable()
    await page.waitForLoadState('networkidle')
    expect(fetched.filter((path) => signedInCode.includes(path))).toEqual([])
    expect(asked).toEqual([])
  })

  test("the page's title and description follow a change of language", async ({ page }) => {
    await page.goto('/login')
    const description = page.locator('meta[name="description"]')
    await expect(page).toHaveTitle('Sign in · Device Portal')
    await expect(description).toHaveAttribute(
      'content',
      'Self-service portal for your work devices',
    )
    await page.getByLabel('Language').selectOption('de')
    await expect(page).toHaveTitle('Anmelden · Geräteportal')
    await expect(description).toHaveAttribute(
      'content',
      'Self-Service-Portal für Ihre dienstlichen Geräte',
    )
    await expect(page.locator('title')).toHaveCount(1)
  })

  test('a page whose code never comes says so after a while; one the portal took over never does', async ({
    page,
  }) => {
    // CSS alone shows the notice, 12 s on; the page's animations run 100 times faster here.
    const faster = async () => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Animation.enable')
      await cdp.send('Animation.setPlaybackRate', { playbackRate: 100 })
    }
    const notice = page.getByText('The portal is taking longer than usual to start.')
    await page.route(/\.js$/, (route) => route.abort('internetdisconnected'))
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(notice).toBeHidden()
    await faster()
    await expect(notice).toBeVisible()
    await expect(notice).toContainText('Check your connection, then load the page again.')

    await page.unroute(/\.js$/)
    await page.reload()
    await expect(page.getByLabel('E-mail address')).toBeEditable()
    // Every animation on the page played to its end at once: a notice still on its way would
    // now show. Once the portal has the page, the notice has none.
    await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()))
    await expect(notice).toBeHidden()
  })

  test('a form sent before the portal has taken its page over comes back as its page, nothing typed in the address', async ({
    page,
  }) => {
    // As in a browser without `inert` (Safari before 15.5, Firefox before 112), whose visitor
    // sends the drawn form before the portal's code has come; here it never comes.
    await page.route(/\.js$/, (route) => route.abort('internetdisconnected'))
    const sent: string[] = []
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url())
      if (request.isNavigationRequest()) sent.push(`${request.method()} ${pathname}${search}`)
    })
    for (const [address, label] of [
      ['/login', 'Password'],
      ['/forgot-password', 'E-mail address'],
      ['/reset-password?token=link-token', 'New password'],
    ] as const) {
      sent.length = 0
      await page.goto(address)
      await page.locator('#root').evaluate((root) => root.removeAttribute('inert'))
      const field = page.getByLabel(label, { exact: true })
      await field.fill('Typed-Secret-1')
      await field.press('Enter')
      await expect.poll(() => sent).toEqual([`GET ${address}`, `POST ${address}`, `GET ${address}`])
      await expect(field).toHaveValue('')
      const { pathname, search } = new URL(page.url())
      expect(`${pathname}${search}`).toBe(address)
    }
  })

  test('a page carries its styles: it asks for none of them, and another screen for its own only', async ({
    page,
    signIn,
  }) => {
    const sheets: string[] = []
    page.on('request', (each) => {
      const path = new URL(each.url()).pathname
      if (path.endsWith('.css')) sheets.push(path)
    })
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    // Chromium fetches a stylesheet link in the markup even when it is disabled: the page has none
    // for the sheets it carries. Those it asks for once idle are the device page's, whose code the
    // list fetches ahead (useScreenAhead).
    const carried = await page
      .locator('style[data-href]')
      .evaluateAll((styles) => styles.map((style) => style.getAttribute('data-href')))
    expect(carried.length).toBeGreaterThan(0)
    expect(sheets.filter((path) => carried.includes(path))).toEqual([])

    sheets.length = 0
    await page.getByRole('link', { name: 'Enroll a device' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Enroll a device' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(sheets.length).toBeGreaterThan(0)
    expect(sheets.filter((path) => !/\/assets\/enroll-[^/]+\.css$/.test(path))).toEqual([])
  })

  test('an employee opening the help desk sends no request of it before going to their devices', async ({
    page,
    signIn,
  }) => {
    const asked = apiRequests(page)
    await signIn('anna', '/admin/users')
    await expect(page).toHaveURL(/\/devices$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    // The employee's frame and list only: no list of the tenant's users, which the help desk's
    // screen asks for first.
    expect([...new Set(asked)].sort()).toEqual(['device/list', 'user/info'])
  })
})

adminTest(
  'an administrator opening the employee pages sends no request of them before going to the help desk',
  async ({ page, request, signInAdmin }) => {
    // The help desk's own code is held back (deliberate): until it comes, the only requests
    // that may leave are the help desk's frame's, never the employee list's.
    const helpDesk = await holdFiles(page, await ownCode(request, '/admin/users', '/devices'))
    const asked = apiRequests(page)
    const open = openRequests(page)
    await signInAdmin('/devices')
    await expect.poll(() => helpDesk.held.length).toBeGreaterThan(0)
    // Until the page waits on the held code alone, with nothing left to run, it may still ask.
    await expect
      .poll(async () => {
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
        return open.size - helpDesk.held.length
      })
      .toBe(0)
    expect(asked.filter((path) => path !== 'user/info')).toEqual([])

    await helpDesk.release()
    await expect(page).toHaveURL(/\/admin\/users$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  },
)

/**
 * Every layout shift in the page's header and main content without input, with the elements that
 * moved, while the service answers 400 ms late and the help desk's role (`/api/portal/role`) later
 * still, as they come on a phone (`later`: a service's path answered later than the others, to
 * have its answer come last). The header's name takes the place of its stand-in ("Signed in", the
 * address typed at sign-in) when the account's record comes, the role joins it after: the menu's
 * button keeps its width. The footer, below the page, follows its length.
 */
async function shiftsWhileAnswersCome(
  page: Page,
  width: number,
  open: () => Promise<void>,
  later: Partial<Record<string, number>> = {},
  height = 800,
) {
  await page.setViewportSize({ width, height })
  const shifts = await watchLayoutShifts(page)
  const late = (ms: (path: string) => number) => async (route: Route) => {
    const path = new URL(route.request().url()).pathname.replace(/^.*\/api\/mdm\/v2\//, '')
    await new Promise((resolve) => setTimeout(resolve, ms(path)))
    await route.continue()
  }
  await page.route(
    '**/api/mdm/v2/**',
    late((path) => later[path] ?? 400),
  )
  await page.route(
    '**/api/portal/role',
    late(() => 1200),
  )
  await open()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  return shifts()
}

test.describe('a page keeps its place as its answers come', () => {
  for (const [path, width, user] of [
    ['/devices', 1280, 'anna'],
    [`/devices/${IDS.annaIphone}`, 375, 'anna'],
    ['/apps', 1280, 'anna'],
    ['/enroll', 1280, 'anna'],
    ['/account', 1280, 'anna'],
    ['/account', 375, 'anna'],
    // Ben has no managed Apple ID, Anna has one.
    ['/account', 1280, 'ben'],
  ] as const) {
    test(`${path} at ${width} px (${user}): nothing on it moves`, async ({ page, signIn }) => {
      expect(await shiftsWhileAnswersCome(page, width, () => signIn(user, path))).toEqual([])
    })
  }

  // The header's name, which the account's record brings, comes last: after the help desk's role.
  // The header is the same on every page of an area: one page of each.
  const nameLast = { 'user/info': 1600 }
  test('/devices at 1280 px (anna), the name last: nothing on it moves', async ({
    page,
    signIn,
  }) => {
    const shifts = await shiftsWhileAnswersCome(page, 1280, () => signIn('anna'), nameLast)
    expect(shifts).toEqual([])
  })
  adminTest(
    '/admin/users at 1280 px (the help desk), the name last: nothing on it moves',
    async ({ page, signInAdmin }) => {
      const shifts = await shiftsWhileAnswersCome(page, 1280, () => signInAdmin(), nameLast)
      expect(shifts).toEqual([])
    },
  )

  // The help desk's: what its role may allow holds its place until the role is known; the
  // devices and users their lists bring, until they have come.
  const helpDesk: { path: string; width: number; later?: Record<string, number> }[] = [
    { path: `/admin/devices/${IDS.benGalaxy}`, width: 1280 },
    { path: `/admin/devices/${IDS.annaIphone}`, width: 375 },
    // "Lost?" on its card leads here: the location, and lost mode offered where the role allows.
    { path: `/admin/devices/${IDS.annaIphone}#location`, width: 375 },
    { path: '/admin/users', width: 375 },
    { path: '/admin/users', width: 1280 },
    // A user's page: their devices come after their record, the activity below them.
    { path: `/admin/users/${IDS.annaSid}`, width: 1280, later: { 'device/list': 1000 } },
    { path: `/admin/users/${IDS.annaSid}`, width: 375, later: { 'device/list': 1000 } },
    // The tenant's devices: each card's owner comes with the users, after the devices.
    { path: '/admin/devices', width: 1280, later: { 'user/list': 1000 } },
    { path: '/admin/devices', width: 375, later: { 'user/list': 1000 } },
  ]
  for (const { path, width, later } of helpDesk) {
    adminTest(
      `${path} at ${width} px (the help desk): nothing on it moves`,
      async ({ page, signInAdmin }) => {
        expect(await shiftsWhileAnswersCome(page, width, () => signInAdmin(path), later)).toEqual(
          [],
        )
      },
    )
  }

  // The auditor, who may neither locate a device nor turn on lost mode, opens its location in a
  // fresh tab: their role comes last (shiftsWhileAnswersCome) and tells them why no place is
  // known where the help desk's is offered a way to it; in German too, whose words are longer.
  const auditorsPage = `/admin/devices/${IDS.annaIphone}#location`
  // On a tall phone what follows the location is in view, and the help desk's words, held while
  // the role is read, are taller than the map there.
  for (const [locale, width, height] of [
    ['en-GB', 1280, 800],
    ['en-GB', 375, 800],
    ['de-DE', 1280, 800],
    ['de-DE', 375, 800],
    ['de-DE', 375, 1100],
  ] as const) {
    adminTest.describe(locale, () => {
      adminTest.use({ locale })
      adminTest(
        `${auditorsPage} at ${width}×${height} px (the auditor): nothing on it moves`,
        async ({ page, request }) => {
          const token = await tokenOf(request, auditor, 'admin')
          const open = async () => {
            await seedSession(page, token, 'admin')
            await page.goto(auditorsPage)
          }
          expect(await shiftsWhileAnswersCome(page, width, open, {}, height)).toEqual([])
          // The role has come: what the auditor reads is theirs.
          await expect(page.getByText(/auditor.*Anna's iPhone/i)).toBeVisible()
        },
      )
    })
  }

  // German's longer words wrap where English's do not.
  adminTest.describe('in German', () => {
    adminTest.use({ locale: 'de-DE' })
    for (const { path, width, later } of helpDesk.filter((each) =>
      /^\/admin\/(users\/|devices$)/.test(each.path),
    )) {
      adminTest(
        `${path} at ${width} px (the help desk): nothing on it moves`,
        async ({ page, signInAdmin }) => {
          expect(await shiftsWhileAnswersCome(page, width, () => signInAdmin(path), later)).toEqual(
            [],
          )
        },
      )
    }
  })
})

/**
 * The browser paints a page as its markup arrives: a password field's label and input can be on
 * the screen before its show/hide switch, which comes after them. Where they stand must not wait
 * for the switch. Measured by taking each switch out of the page and putting it back.
 */
for (const [locale, cases] of [
  [
    'en-GB',
    [
      ['/login', 375],
      ['/login', 1280],
      ['/account', 375],
      ['/account', 1280],
    ],
  ],
  ['de-DE', [['/account', 375]]],
] as const) {
  test.describe(`a password field stands where it will stay before its switch has come (${locale})`, () => {
    test.use({ locale })
    for (const [path, width] of cases) {
      test(`${path} at ${width} px`, async ({ page, signIn }) => {
        await page.setViewportSize({ width, height: 800 })
        if (path === '/login') await page.goto(path)
        else await signIn('ben', path)
        const show = page.getByRole('button', {
          name: /^(Show (current )?password|(Aktuelles )?Passwort anzeigen)$/,
        })
        await expect(show.first()).toBeVisible()
        // Each field as it is, with its switch not yet filled in, and without its switch: where
        // the label, the input and the switch stand, wherever it differs from the whole field.
        const moved = await page.evaluate(() =>
          [...document.querySelectorAll('.password-field')].flatMap((field, index) => {
            const toggle = field.querySelector(':scope > .password-field__toggle')
            if (!toggle) return [`field ${index} has no switch`]
            const parts = [...field.querySelectorAll('label, input'), toggle]
            const places = () =>
              parts.map((part) => {
                const { left, top } = part.getBoundingClientRect()
                // Not drawn is not moved: an element that appears is not a shift.
                const drawn = part.getClientRects().length > 0
                return drawn ? `${part.localName} at ${left},${top}` : null
              })
            const whole = places()
            const text = toggle.textContent
            toggle.textContent = ''
            const empty = places()
            toggle.remove()
            const none = places()
            toggle.textContent = text
            field.append(toggle)
            return [empty, none].flatMap((early, state) =>
              early
                .map((place, at) => place && place !== whole[at] && `${place}, not ${whole[at]}`)
                .filter(Boolean)
                .map(
                  (change) => `field ${index} ${['empty switch', 'no switch'][state]}: ${change}`,
                ),
            )
          }),
        )
        expect(await show.count()).toBeGreaterThan(0)
        expect(moved).toEqual([])
      })
    }
  })
}

test("the header keeps its height when the account's record brings the name", async ({
  page,
  signIn,
}) => {
  const info = await holdFiles(page, ['/api/mdm/v2/user/info'])
  await signIn('anna', '/devices')
  await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
  await expect.poll(() => info.held.length).toBeGreaterThan(0)
  const banner = page.getByRole('banner')
  // Measured once React has taken the page over (src/app/root.tsx): the server's header it may
  // draw anew is another element, whose box is none once it has gone.
  await expect(page.locator('#root')).not.toHaveAttribute('inert')
  const before = await banner.boundingBox()
  expect(before).not.toBeNull()
  await info.release()
  await expect(banner.getByRole('button', { name: /Anna Berger/ })).toBeVisible()
  expect(await banner.boundingBox()).toEqual(before)
})
