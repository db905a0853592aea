import type { Page } from '@playwright/test'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { accentColors } from '../server/pages/branding-colors.ts'
import { test as adminTest } from './admin-fixtures'
import { expect, portalRunning, test } from './fixtures'

/**
 * An organisation's own portal (e2e/branding/acme.json, started by playwright.config.ts): its
 * name, logo, colour, sign-in notice and links on the sign-in page and once signed in, in both
 * languages and themes, on a phone and a desktop; its manifest; a logo that tries to run a
 * script; and a colour the themes cannot read, refused at start.
 */
const settings = JSON.parse(readFileSync('e2e/branding/acme.json', 'utf8')) as Record<
  string,
  string
>
const accent = accentColors('BRANDING_ACCENT_COLOR', settings.BRANDING_ACCENT_COLOR ?? '')

const TEXTS = {
  en: {
    locale: 'en-US',
    name: 'Acme Devices',
    notice: 'Use your Acme work account.',
    email: 'E-mail address',
    signIn: 'Sign in',
    hours: 'Opening hours: Mon–Fri 8:00–18:00',
    legal: 'Legal',
    privacy: 'Privacy statement',
    terms: 'Terms of use',
  },
  de: {
    locale: 'de-DE',
    name: 'Acme IT & Geräte',
    notice: 'Melden Sie sich mit Ihrem Acme-Arbeitskonto an.',
    email: 'E-Mail-Adresse',
    signIn: 'Anmelden',
    hours: 'Erreichbar: Mo–Fr 8–18 Uhr',
    legal: 'Rechtliches',
    privacy: 'Datenschutzerklärung',
    terms: 'Nutzungsbedingungen',
  },
} as const
type Texts = (typeof TEXTS)[keyof typeof TEXTS]

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16))
  return `rgb(${r}, ${g}, ${b})`
}

/** The header's name and logo, the footer's links and hours, and the page's title. */
async function expectFrame(page: Page, texts: Texts, primary: string) {
  const banner = page.getByRole('banner')
  // The logo carries the name as its text alternative; the link home is named by it.
  const logo = banner.getByRole('img', { name: texts.name })
  await expect(logo).toBeVisible()
  await expect(logo).toHaveAttribute('src', /^\/branding\/logo-[0-9a-f]{16}\.svg$/)
  // Loaded: an image that failed has no width of its own.
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
  await expect(banner.getByRole('link', { name: texts.name, exact: true })).toBeVisible()
  await expect(banner).toContainText(texts.name)
  await expect(page).toHaveTitle(new RegExp(` · ${texts.name}$`))

  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: 'it@acme.example' })).toHaveAttribute(
    'href',
    'mailto:it@acme.example',
  )
  await expect(footer).toContainText(texts.hours)
  const legal = footer.getByRole('navigation', { name: texts.legal })
  const privacy = legal.getByRole('link', { name: texts.privacy })
  await expect(privacy).toHaveAttribute('href', 'https://acme.example/privacy')
  await expect(legal.getByRole('link', { name: texts.terms })).toHaveAttribute(
    'href',
    'https://acme.example/terms',
  )
  // Links take the organisation's colour, in the variant of the theme.
  await expect(privacy).toHaveCSS('color', rgb(primary))
}

/**
 * Each language in each theme and at each width, and each theme at each width: every pair of the
 * three, in four runs rather than all eight.
 */
const VIEWS = [
  ['en', 'light', 375],
  ['en', 'dark', 1280],
  ['de', 'light', 1280],
  ['de', 'dark', 375],
] as const

for (const [language, theme, width] of VIEWS) {
  test.describe(`${language}, ${theme}, ${width} px`, () => {
    const texts = TEXTS[language]
    test.use({
      locale: texts.locale,
      colorScheme: theme,
      viewport: { width, height: 900 },
    })

    test("shows the organisation's portal before and after sign-in", async ({
      page,
      signIn,
      expectAccessible,
    }) => {
      const variant = accent[theme]
      await page.goto('/login')
      const submit = page.getByRole('button', { name: texts.signIn, exact: true })
      await expect(submit).toBeEnabled()
      await expectFrame(page, texts, variant.primary)
      // The notice stands above the form.
      const notice = page.getByText(texts.notice, { exact: true })
      await expect(notice).toBeVisible()
      const noticeBox = await notice.boundingBox()
      const emailBox = await page.getByLabel(texts.email).boundingBox()
      expect(noticeBox && emailBox && noticeBox.y + noticeBox.height).toBeLessThanOrEqual(
        emailBox?.y ?? 0,
      )
      await expect(submit).toHaveCSS('background-color', rgb(variant.primary))
      await expect(submit).toHaveCSS('color', rgb(variant.text))
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await expectAccessible()

      await signIn('anna', '/account')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectFrame(page, texts, variant.primary)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await expectAccessible()
    })
  })
}

for (const language of ['en', 'de'] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: TEXTS[language].locale })

    test("the web app manifest carries the organisation's name and logo", async ({
      page,
      request,
    }) => {
      await page.goto('/login')
      const href = await page.locator('link[rel="manifest"]').getAttribute('href')
      expect(href).toBe(`/branding/manifest-${language}.webmanifest`)
      const manifest = (await (await request.get(href ?? '')).json()) as Record<string, unknown>
      const logo = await page.getByRole('banner').getByRole('img').getAttribute('src')
      expect(manifest).toMatchObject({
        name: TEXTS[language].name,
        short_name: TEXTS[language].name,
        theme_color: accent.light.primary,
        icons: [{ src: logo, type: 'image/svg+xml', sizes: 'any' }],
      })
      // Switched to the other language, the page names the other manifest.
      const other = language === 'en' ? 'de' : 'en'
      await page
        .getByRole('banner')
        .getByLabel(language === 'en' ? 'Language' : 'Sprache')
        .selectOption(other)
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
        'href',
        `/branding/manifest-${other}.webmanifest`,
      )
      await expect(page.getByRole('banner')).toContainText(TEXTS[other].name)
    })
  })
}

for (const width of [375, 1280]) {
  adminTest.describe(`the help desk's area at ${width} px`, () => {
    adminTest.use({ viewport: { width, height: 800 } })

    adminTest(
      "carries the organisation's logo beside the area's name, in one row",
      async ({ page, signInAdmin, expectAccessible }) => {
        await signInAdmin()
        const banner = page.getByRole('banner')
        const home = banner.getByRole('link', { name: /^Acme Devices/ })
        await expect(home.getByRole('img', { name: 'Acme Devices' })).toBeVisible()
        // The header's controls stay on the brand's row.
        const control =
          width < 800
            ? banner.getByRole('button', { name: 'Menu' })
            : banner.getByRole('link', { name: 'Users' })
        // Measured once the portal has taken the page over (a page drawn for another screen is
        // drawn anew then) and both are there: a box is not waited for.
        await portalRunning(page)
        await expect(control).toBeVisible()
        const [brandBox, controlBox] = await Promise.all([
          home.boundingBox(),
          control.boundingBox(),
        ])
        const middle = (controlBox?.y ?? 0) + (controlBox?.height ?? 0) / 2
        expect(middle).toBeGreaterThan(brandBox?.y ?? Infinity)
        expect(middle).toBeLessThan((brandBox?.y ?? 0) + (brandBox?.height ?? 0))
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
        await expectAccessible()
      },
    )
  })
}

test('an SVG logo with a script in it runs nothing, shown or opened on its own', async ({
  page,
}) => {
  const ran: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('the logo ran a script')) ran.push(message.text())
  })
  page.on('request', (request) => {
    if (request.url().includes('logo-script-ran')) ran.push(request.url())
  })
  await page.goto('/login')
  const logo = page.getByRole('banner').getByRole('img', { name: 'Acme Devices' })
  await expect(logo).toBeVisible()
  const src = await logo.getAttribute('src')
  expect(readFileSync('e2e/branding/acme-logo.svg', 'utf8')).toContain('<script>')

  // Opened on its own, it is a document of the portal's origin: still no script.
  const response = await page.goto(src ?? '')
  expect(response?.headers()['content-type']).toBe('image/svg+xml')
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'none'.*sandbox/)
  await expect(page.locator('svg text')).toHaveText('ACME')
  expect(
    await page.evaluate(() => document.documentElement.getAttribute('data-script-ran')),
  ).toBeNull()
  // The page's own policy is the portal's as ever.
  const portal = await page.request.get('/login')
  expect(portal.headers()['content-security-policy']).toContain("script-src 'self'")
  expect(ran).toEqual([])
})

test('a colour without enough contrast stops the start with a message naming the setting', async () => {
  // Awaited, not run synchronously: a start that hangs meets the test's own timeout, and a busy
  // machine's slow start is no failure.
  const start = await new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BRANDING_ACCENT_COLOR: '#ffd700' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, stderr }))
  })
  expect(start.status).toBe(1)
  expect(start.stderr).toMatch(
    /The portal cannot start: BRANDING_ACCENT_COLOR #ffd700 reaches only 1\.\d+:1 against the light theme's background/,
  )
})
