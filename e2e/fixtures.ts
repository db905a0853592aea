/**
 * The one fixtures module of the journeys. Every test runs in a world of its own: the reference
 * server (in test mode) keeps independent demo data per `x-mdm-world` header, so tests run in
 * parallel without resetting each other's devices.
 */
import AxeBuilder from '@axe-core/playwright'
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test'

export const users = {
  anna: { email: 'anna@example.com', password: 'Demo-Pass-1', name: 'Anna Berger' },
  ben: { email: 'ben@example.com', password: 'Demo-Pass-2', name: 'Ben Keller' },
  // Signed in only where a journey ends all of an account's other sessions: the portal's
  // sessions are the account's in every test world, so ending them would end other journeys'.
  // Those journeys hold the lock `lena`, so that they do not end each other's either.
  lena: { email: 'lena@lab.example.com', password: 'Lab-Demo-1', name: 'Lena Vogel' },
} as const
export type DemoUser = keyof typeof users

export interface OutboxMail {
  to: string
  subject: string
  text: string
  links: string[]
  kind: string
}

interface Control {
  /** Changes the world's settings: command delay, token lifetime and renewal window (ms). */
  settings(settings: {
    commandDelayMs?: number
    tokenLifetimeMs?: number
    renewalWindowMs?: number
    /** List answers in pages of this many items (0: all on page 1). */
    pageSize?: number
  }): Promise<void>
  /** Gives Anna this many devices and apps in this test's world. */
  largeDemo(size: { devices: number; apps: number }): Promise<void>
  /** Lets every simulated device answer its open commands now. */
  complete(): Promise<void>
  /** Moves the world's clock forward. */
  advanceClock(ms: number): Promise<void>
  outbox(): Promise<OutboxMail[]>
  /** An access token for a demo user, from the API directly. */
  login(user: DemoUser): Promise<string>
}

interface Fixtures {
  world: string
  control: Control
  /** Opens the portal signed in as a demo user, without going through the sign-in form. */
  signIn: (user?: DemoUser, path?: string) => Promise<void>
  /** Runs axe (WCAG 2.2 A and AA) on the page as it is and fails on any violation. */
  expectAccessible: (page?: Page) => Promise<void>
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true)
  return response
}

/** An account's token from the API directly, as the sign-in page gets it. */
export async function tokenOf(
  request: APIRequestContext,
  account: { email: string; password: string },
  usertype: 'user' | 'admin' = 'user',
): Promise<string> {
  const response = await ok(
    await request.post('/api/mdm/v2/user/login', {
      data: { type: 'basic', usertype, username: account.email, password: account.password },
    }),
  )
  const { token } = (await response.json()) as { token?: string }
  if (!token) throw new Error(`No token for ${account.email}`)
  return token
}

/** Seeds the page's tab with a session once, the way the sign-in page leaves it. */
export async function seedSession(page: Page, token: string, role?: 'admin') {
  await page.addInitScript(
    ([value, admin]) => {
      // A file the portal serves in a sandbox (an enrollment link's page) has no storage.
      if (window.origin === 'null') return
      if (!sessionStorage.getItem('mdm.e2e.seeded')) {
        sessionStorage.setItem('mdm.e2e.seeded', '1')
        sessionStorage.setItem('mdm.session', value)
        if (admin) sessionStorage.setItem('mdm.session.role', admin)
      }
    },
    [token, role ?? ''] as const,
  )
}

export const test = base.extend<Fixtures>({
  world: async ({}, use, testInfo) => {
    await use(`${testInfo.testId}-${testInfo.retry}`)
  },
  context: async ({ context, world }, use) => {
    await context.setExtraHTTPHeaders({ 'x-mdm-world': world })
    // An error no part of the portal handled (React's hydration errors among them) is a defect.
    const errors: string[] = []
    context.on('weberror', (error) =>
      errors.push(`${error.page()?.url()}: ${error.error().message}`),
    )
    await use(context)
    expect(errors, 'errors the portal did not handle').toEqual([])
  },
  request: async ({ playwright, baseURL, world }, use) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-mdm-world': world },
    })
    await use(request)
    await request.dispose()
  },
  control: async ({ request }, use) => {
    await use({
      settings: async (settings) => {
        await ok(await request.post('/__test/settings', { data: settings }))
      },
      largeDemo: async (size) => {
        await ok(await request.post('/__test/large-demo', { data: size }))
      },
      complete: async () => {
        await ok(await request.post('/__test/complete', { data: {} }))
      },
      advanceClock: async (ms) => {
        await ok(await request.post('/__test/clock', { data: { advanceMs: ms } }))
      },
      outbox: async () => {
        const response = await ok(await request.get('/outbox.json'))
        return (await response.json()) as OutboxMail[]
      },
      login: (user) => tokenOf(request, users[user]),
    })
  },
  signIn: async ({ page, control }, use) => {
    await use(async (user = 'anna', path = '/devices') => {
      await seedSession(page, await control.login(user))
      await page.goto(path)
    })
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      // A page without frames is checked by axe in the page itself, not finished in a blank page
      // of its own: that page is a new renderer for every check (0.5 s a check, 0.2 s without it).
      // A page with frames is checked as axe checks across frames, cross-origin ones too.
      const legacy = target.frames().length === 1
      // axe stays in a page once put there: a page that has it is not sent its 570 KB again (twice
      // for each check), which halves what a check costs.
      const present = legacy && (await target.evaluate(() => 'axe' in window))
      const axe = new AxeBuilder({ page: target, axeSource: present ? ';' : undefined })
        // Only the violations are read: axe then describes no passing element (a selector for
        // each costs more than the check).
        .options({ resultTypes: ['violations'] })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      // With a modal dialog open, the page behind it is inert and was checked before the dialog
      // opened: the dialog alone is checked, which spares axe the page's every text and colour.
      if (await target.locator('dialog[open]').count()) axe.include('dialog[open]')
      if (legacy) axe.setLegacyMode()
      const results = await axe.analyze()
      const summary = results.violations.map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
            .map((node) => node.target.join(' '))
            .join('\n  ')}`,
      )
      expect(summary, 'axe violations').toEqual([])
    })
  },
})

export { expect }

/**
 * Waits until the portal has taken over the page the server drew (the root is inert until then):
 * a page's timers, such as the session's warning, run from that moment on.
 */
export async function portalRunning(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('inert')
}

/**
 * The box an alert is in, which holds its "Try again" beside the alert's words: in the alert, the
 * button would be read out with them.
 */
export function beside(alert: Locator): Locator {
  return alert.locator('xpath=..')
}

/**
 * A double click on a button that closes its dialog: both clicks reach the button before the
 * first one's answer can, and what the button sends must go once. (Two clicks of a real double
 * click can be far enough apart for the first to close the dialog; the second then lands on the
 * page behind it, on whatever link is there.)
 */
export async function clickTwice(button: Locator) {
  await button.evaluate((element: HTMLElement) => {
    element.click()
    element.click()
  })
}

/**
 * The code a page names for the browser: its entry and the files listed beside it
 * (`<link rel=modulepreload>`). Everything else the portal fetches only as it goes.
 */
export async function codeOf(request: APIRequestContext, path: string): Promise<string[]> {
  const page = await (await request.get(path)).text()
  return [
    ...page.matchAll(
      /<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="([^"]+)"/g,
    ),
  ].map(([, file = '']) => file)
}

/**
 * Another browser of the same person, in this test's world, signed in with `token` and on the
 * device list: nothing of the first browser's storage comes with it.
 */
export async function otherBrowser(
  browser: Browser,
  world: string,
  token: string,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-mdm-world': world },
    // The proxy project's portal serves HTTPS with a throw-away certificate.
    ignoreHTTPSErrors: true,
    ...options,
  })
  const page = await context.newPage()
  await seedSession(page, token)
  await page.goto('/devices')
  return { context, page }
}

/**
 * Opens a device's page (`path`) in `page` with the page's scripts held until the device's read
 * has left: a read that waits for the portal's code never leaves, and the wait for it fails. The
 * portal then takes that answer rather than asking again.
 */
export async function opensWithItsReadFirst(
  page: Page,
  { path, heading }: { path: string; heading: string },
) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  const reads: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/mdm/v2/device/info')) reads.push(request.url())
  })
  const read = page.waitForRequest((request) => request.url().endsWith('/device/info'))
  const opened = page.goto(path)
  await read
  release()
  await opened
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  expect(reads).toHaveLength(1)
  await page.unrouteAll()
}
