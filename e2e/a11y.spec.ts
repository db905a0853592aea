import { expect, portalRunning, test, users, type OutboxMail } from './fixtures'
import { BROWSER_LOCALE, LANGUAGES, textsOf } from './a11y-texts'
import { IDS, test as helpDeskTest } from './admin-fixtures'
import type { Locator, Page } from '@playwright/test'

/**
 * The accessibility sweep: axe (WCAG 2.2 A and AA) on every screen and every dialog, with the
 * states that add markup (form errors, a sent e-mail, a missing Apple ID), in English and German,
 * in the light and the dark theme (the system's setting, which the portal follows by default).
 * Each dialog closes with Escape and gives focus back to the button that opened it.
 */

const IPHONE = "Anna's iPhone"

/**
 * The action dialogs, each on a device where it has the most to show: the iPhone's (locating it
 * needs lost mode, checked at the end), the Android fields of passcode, wipe and lost mode, and
 * the Mac's PIN for lock and wipe.
 */
const DIALOGS: [device: string, buttons: string[]][] = [
  [
    IPHONE,
    [
      'actions.lostMode.turnOn',
      'actions.lock.button',
      'actions.passcodeReset.button',
      'actions.wipe.button',
    ],
  ],
  [
    "Anna's Pixel",
    ['actions.lostMode.turnOn', 'actions.passcodeReset.button', 'actions.wipe.button'],
  ],
  ["Anna's MacBook Pro", ['actions.lock.button', 'actions.wipe.button']],
]

/** A pattern for a text with placeholders: "Uninstall {{app}}" matches any app. */
function pattern(source: string): RegExp {
  const escaped = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped.replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}$`)
}

async function heading(page: Page, name: string | RegExp, level = 1) {
  await expect(page.getByRole('heading', { level, name })).toBeVisible()
}

/** Opens a dialog with its button, checks it, closes it with Escape; focus is back on the button. */
async function checkDialog(
  page: Page,
  trigger: Locator,
  expectAccessible: () => Promise<void>,
  whileOpen?: (dialog: Locator) => Promise<void>,
) {
  await trigger.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expectAccessible()
  if (whileOpen) await whileOpen(dialog)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
}

/**
 * Each language once and each theme once: the theme changes only colours (what axe's contrast
 * rule checks), the language only words and their length, so English in the light theme and
 * German in the dark one cover both without running every screen four times.
 */
const SWEEPS = [
  ['en', 'light'],
  ['de', 'dark'],
] as const satisfies readonly (readonly [(typeof LANGUAGES)[number], 'light' | 'dark'])[]

for (const [language, theme] of SWEEPS) {
  const t = textsOf(language)

  test.describe(`accessibility (${language}, ${theme})`, () => {
    test.use({ locale: BROWSER_LOCALE[language], colorScheme: theme })

    test('a large account: the long device list', async ({
      page,
      control,
      signIn,
      expectAccessible,
    }) => {
      test.slow()
      // Long enough to render only the rows on screen; e2e/long-lists.spec.ts has 5,000.
      await control.largeDemo({ devices: 400, apps: 50 })
      await signIn('anna')
      const loaded = { timeout: 60_000 }
      await expect(page.getByRole('status').filter({ hasText: /400/ })).toBeVisible(loaded)
      await expect(page.getByRole('main').getByRole('listitem').first()).toHaveAttribute(
        'aria-setsize',
        '400',
      )
      await expectAccessible()
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight / 2 }))
      await expect(page.locator('[aria-posinset="200"]')).toBeAttached()
      await expectAccessible()
    })

    test('signed out: sign-in, forgotten and new password, a used link, not found', async ({
      page,
      control,
      expectAccessible,
    }) => {
      // Nine axe runs: on a busy machine they take longer than a journey's default time.
      test.slow()
      await page.goto('/login')
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await heading(page, t('auth', 'login.title'))
      await expectAccessible()
      await page.getByRole('button', { name: t('auth', 'login.submit') }).click()
      await expect(page.getByText(t('auth', 'login.errors.emailRequired')).first()).toBeVisible()
      await expectAccessible()

      await page.getByRole('link', { name: t('auth', 'login.forgot') }).click()
      await heading(page, t('password', 'forgot.title'))
      await expectAccessible()
      await page.getByRole('button', { name: t('password', 'forgot.submit') }).click()
      await expect(page.getByText(t('password', 'errors.emailRequired')).first()).toBeVisible()
      await expectAccessible()
      await page.getByLabel(t('password', 'forgot.email')).fill(users.anna.email)
      await page.getByRole('button', { name: t('password', 'forgot.submit') }).click()
      await heading(page, t('password', 'forgot.sent.title'))
      await expectAccessible()

      const mails: OutboxMail[] = await control.outbox()
      const link = mails
        .filter((mail) => mail.to === users.anna.email)
        .flatMap((mail) => mail.links)
        .findLast((href) => href.includes('/reset-password?token='))
      if (!link) throw new Error('No reset link for Anna in the outbox')
      const resetUrl = new URL(link)
      await page.goto(resetUrl.pathname + resetUrl.search)
      await heading(page, t('password', 'reset.titleReset'))
      await expectAccessible()
      await page.getByRole('button', { name: t('password', 'reset.submitReset') }).click()
      await expect(page.getByText(t('password', 'errors.newRequired')).first()).toBeVisible()
      await expectAccessible()

      await page.goto('/reset-password?token=no-such-token')
      await heading(page, t('password', 'invalid.title'))
      await expectAccessible()

      await page.goto('/no-such-page')
      await heading(page, t('common', 'notFound.title'))
      await expectAccessible()

      // Ben has no managed Apple ID: the check step of a personal iPhone says what to do.
      await page.goto('/login')
      await page.getByLabel(t('auth', 'login.email')).fill(users.ben.email)
      await page.getByLabel(t('auth', 'login.password'), { exact: true }).fill(users.ben.password)
      await page.getByRole('button', { name: t('auth', 'login.submit') }).click()
      await heading(page, t('devices', 'list.title'))
      await page.goto('/enroll?platform=ios&owner=personal&step=check')
      await expect(
        page.getByRole('alert').getByText(t('enrollment', 'check.appleIdMissing.title')),
      ).toBeVisible()
      await expectAccessible()
    })

    test('the warning before the session ends: announced, keyboard only, Escape extends', async ({
      page,
      signIn,
      control,
      expectAccessible,
    }) => {
      await page.clock.install()
      await signIn('anna', '/devices')
      await heading(page, t('devices', 'list.title'))
      // The token before the clock moves on: an answer that says "ExpiresSoon" may renew it by
      // itself while the warning shows; either way the session goes on.
      const token = () => page.evaluate(() => sessionStorage.getItem('mdm.session'))
      const before = await token()
      await control.advanceClock(58 * 60_000 + 5_000)
      await portalRunning(page)
      await page.clock.fastForward(58 * 60_000 + 5_000)
      const warning = page.getByRole('alertdialog', { name: t('common', 'sessionTimeout.title') })
      await expect(warning).toBeVisible()
      await expect(warning).toHaveAccessibleDescription(
        new RegExp(t('common', 'sessionTimeout.body').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      )
      // The focus is on the safe answer; Escape means "not now" and keeps the session too.
      await expect(
        warning.getByRole('button', { name: t('common', 'sessionTimeout.stay') }),
      ).toBeFocused()
      await expectAccessible()
      await page.keyboard.press('Escape')
      await expect(warning).toBeHidden()
      await expect.poll(token).not.toBe(before)
      await heading(page, t('devices', 'list.title'))
    })

    // A test per device, so that their dozens of axe runs share the workers.
    for (const [name, buttons] of DIALOGS) {
      test(`devices: the list, ${name} and every action dialog it offers`, async ({
        page,
        signIn,
        expectAccessible,
      }) => {
        await signIn('anna', '/devices')
        await heading(page, t('devices', 'list.title'))
        await expectAccessible()
        await page.getByRole('link', { name, exact: true }).click()
        await heading(page, name)
        // The Pixel has a location: its map is checked with its tiles and controls in place.
        if (name === "Anna's Pixel") {
          await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible()
        }
        await expectAccessible()
        for (const key of buttons) {
          const button = page.getByRole('button', { name: t('devices', key), exact: true })
          await checkDialog(page, button, expectAccessible, async (dialog) => {
            // A dialog with fields is checked once more with its errors showing.
            if ((await dialog.getByRole('textbox').count()) === 0) return
            await dialog.getByRole('button').last().click()
            if ((await dialog.locator('[aria-invalid="true"]').count()) > 0) {
              await expectAccessible()
            }
          })
        }
      })
    }

    test('devices: lost mode on, its "turn off" dialog, the location and the app list on their way', async ({
      page,
      signIn,
      control,
      expectAccessible,
    }) => {
      await control.settings({ commandDelayMs: 60_000 })
      await signIn('anna', '/devices')
      await page.getByRole('link', { name: IPHONE, exact: true }).click()
      await page.getByRole('button', { name: t('devices', 'actions.lostMode.turnOn') }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel(t('devices', 'form.lostMessage')).fill('Please call me.')
      await dialog.getByLabel(t('devices', 'form.phone')).fill('+49 30 1234567')
      await dialog.getByRole('button', { name: t('devices', 'lostMode.confirm') }).click()
      await expect(dialog).toBeHidden()
      await expectAccessible()
      await control.complete()
      const turnOff = page.getByRole('button', { name: t('devices', 'actions.lostMode.turnOff') })
      await expect(turnOff).toBeEnabled({ timeout: 20_000 })
      await checkDialog(page, turnOff, expectAccessible)
      // Lost mode leads with the location: the portal has asked for it without a dialog, and
      // the button shows it on its way. The app list starts without a dialog too.
      await expect(
        page.getByRole('button', { name: t('devices', 'actions.locate.button') }),
      ).toHaveAttribute('aria-busy', 'true')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expectAccessible()
      await control.complete()
      await expect(page.getByText(t('devices', 'done.locate', { name: IPHONE }))).toBeVisible({
        timeout: 35_000,
      })
      await page
        .getByRole('button', { name: t('devices', 'actions.appListRefresh.button') })
        .click()
      await expect(
        page.getByText(t('devices', 'sent.appListRefresh', { name: IPHONE })),
      ).toBeVisible()
      // What needs attention counts it among what is waiting, though the service has no flag for it.
      const health = page.getByRole('region', { name: t('devices', 'health.title') })
      await expect(health).toContainText(t('devices', 'health.pending.title_one', { count: 1 }))
      await expect(health).toContainText(t('devices', 'pending.inSentence.appListRefresh'))
      await expectAccessible()
      await control.complete()
      // The page asks again with backoff (up to every 30 s) while the device has not answered.
      await expect(
        page.getByRole('link', { name: t('devices', 'done.appListRefreshLink', { name: IPHONE }) }),
      ).toBeVisible({ timeout: 35_000 })
      await expectAccessible()
    })

    test('devices: the Mac’s full wipe, "Everything" chosen, with its errors', async ({
      page,
      signIn,
      expectAccessible,
    }) => {
      const mac = "Anna's MacBook Pro"
      await signIn('anna', '/devices')
      await page.getByRole('link', { name: mac, exact: true }).click()
      await heading(page, mac)
      const wipe = page.getByRole('button', {
        name: t('devices', 'actions.wipe.button'),
        exact: true,
      })
      await checkDialog(page, wipe, expectAccessible, async (dialog) => {
        // The Mac's work data comes first; "Everything" asks for the PIN the Mac is set up with.
        await dialog.getByRole('radio', { name: t('devices', 'wipe.choice.everything') }).check()
        const pin = dialog.getByLabel(t('devices', 'form.macPin'), { exact: true })
        await expect(pin).toBeVisible()
        await dialog
          .getByRole('button', { name: t('devices', 'wipe.confirm.everything'), exact: true })
          .click()
        await expect(pin).toHaveAttribute('aria-invalid', 'true')
        await expectAccessible()
      })
    })

    test('devices: a command the device has not answered for over an hour', async ({
      page,
      signIn,
      control,
      expectAccessible,
    }) => {
      // The device answers long after the page's clock has moved on by an hour.
      await control.settings({ commandDelayMs: 3 * 3600_000 })
      await page.clock.install()
      await signIn('anna', '/devices')
      await page.getByRole('link', { name: IPHONE, exact: true }).click()
      await heading(page, IPHONE)
      const lock = page.getByRole('button', { name: t('devices', 'actions.lock.button') })
      await lock.click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: t('devices', 'lock.confirm') }).click()
      await expect(dialog).toBeHidden()
      await expect(lock).toHaveAttribute('aria-busy', 'true')
      // Past the session's warning, kept signed in (Escape), to an hour and a minute.
      await page.clock.fastForward(58 * 60_000 + 5_000)
      const warning = page.getByRole('alertdialog', { name: t('common', 'sessionTimeout.title') })
      await expect(warning).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(warning).toBeHidden()
      await page.clock.fastForward(3 * 60_000)
      await expect(page.getByText(pattern(t('devices', 'sent.unanswered')))).toBeVisible()
      await expect(page.getByText(t('devices', 'actions.unanswered'))).toBeVisible()
      await expect(lock).not.toHaveAttribute('aria-busy')
      // It cannot be pressed again (a second lock would only queue), and looks it.
      await expect(lock).toHaveAttribute('aria-disabled', 'true')
      await expect(lock).toHaveCSS('opacity', '0.6')
      await expectAccessible()
    })

    test('apps with the uninstall dialog and an app', async ({
      page,
      signIn,
      expectAccessible,
    }) => {
      await signIn('anna', '/apps')
      await heading(page, t('apps', 'title'))
      await expectAccessible()
      await page.getByLabel(t('apps', 'device.label')).selectOption({
        label: t('apps', 'device.option', {
          name: IPHONE,
          model: 'iPhone 15 Pro',
        }),
      })
      const uninstall = page.getByRole('button', {
        name: pattern(t('apps', 'actions.uninstallApp')),
      })
      await expect(uninstall.first()).toBeVisible()
      await expectAccessible()
      await checkDialog(page, uninstall.first(), expectAccessible)

      await page.getByRole('link', { name: 'Secure Mail', exact: true }).click()
      await heading(page, 'Secure Mail')
      await expectAccessible()
    })

    test('every enrollment step, with its errors', async ({ page, signIn, expectAccessible }) => {
      await signIn('anna', '/enroll')
      await heading(page, t('enrollment', 'device.heading'), 2)
      await expectAccessible()
      await page.getByRole('button', { name: t('common', 'actions.continue') }).click()
      await expect(page.getByText(t('enrollment', 'device.errors.summary'))).toBeVisible()
      await expectAccessible()
      const steps: [string, string][] = [
        ['platform=ios&owner=personal&step=check', t('enrollment', 'check.heading')],
        ['platform=android&owner=company&step=check', t('enrollment', 'check.heading')],
        ['platform=ios&owner=company&step=profile&where=other', t('enrollment', 'profile.heading')],
        ['platform=mac&owner=company&step=profile&where=this', t('enrollment', 'profile.heading')],
        [
          'platform=android&owner=personal&step=profile&where=other',
          t('enrollment', 'profile.headingAndroid'),
        ],
        ['platform=ios&owner=personal&step=install', t('enrollment', 'install.heading.ios')],
        ['platform=mac&owner=company&step=install', t('enrollment', 'install.heading.macos')],
        [
          'platform=android&owner=company&step=install',
          t('enrollment', 'install.heading.androidCompany'),
        ],
      ]
      for (const [search, title] of steps) {
        await page.goto(`/enroll?${search}`)
        await heading(page, title, 2)
        await expectAccessible()
      }
    })

    test('the account, with the password form’s errors', async ({
      page,
      signIn,
      expectAccessible,
    }) => {
      await signIn('anna', '/account')
      await heading(page, t('account', 'title'))
      await expectAccessible()
      await page.getByRole('button', { name: t('password', 'change.submit') }).click()
      await expect(page.getByText(t('password', 'errors.oldRequired')).first()).toBeVisible()
      await expectAccessible()
    })

    helpDeskTest(
      'help desk: administrator sign-in, users, no match, the invitation with errors and a warning',
      async ({ page, signInAdmin, expectAccessible }) => {
        helpDeskTest.slow()
        await page.goto('/login')
        await page.getByRole('switch', { name: t('auth', 'admin.switch') }).check()
        await expect(page.getByLabel(t('auth', 'admin.tenant'))).toBeVisible()
        await expectAccessible()

        await signInAdmin()
        await heading(page, t('admin', 'users.title'))
        await expect(page.getByRole('link', { name: 'Anna Berger' })).toBeVisible()
        await expectAccessible()
        await page.getByLabel(t('admin', 'users.search')).fill('nobody at all')
        await heading(page, t('common', 'noMatch.search_users', { query: 'nobody at all' }), 2)
        await expectAccessible()
        await page.getByRole('button', { name: t('common', 'noMatch.clearSearch') }).click()

        const invite = page.getByRole('button', { name: t('admin', 'users.invite') })
        await checkDialog(page, invite, expectAccessible, async (dialog) => {
          await dialog
            .getByRole('button', { name: t('admin', 'invite.submit'), exact: true })
            .click()
          await expect(dialog.getByText(t('admin', 'invite.errors.emailRequired'))).toBeVisible()
          await expectAccessible()
        })
        await invite.click()
        await page
          .getByRole('dialog')
          .getByLabel(t('admin', 'invite.email'))
          .fill('x@bounce.invalid')
        await page
          .getByRole('dialog')
          .getByRole('button', { name: t('admin', 'invite.submit'), exact: true })
          .click()
        await expect(page.getByText(t('admin', 'invite.warningTitle'))).toBeVisible()
        await expectAccessible()
      },
    )

    helpDeskTest(
      'help desk: a user with the delete dialog, all devices, the activity, a device with its apps, a user gone',
      async ({ page, signInAdmin, expectAccessible }) => {
        helpDeskTest.slow()
        await signInAdmin()
        await page.getByRole('link', { name: 'Anna Berger' }).click()
        await heading(page, 'Anna Berger')
        await expect(page.getByRole('link', { name: IPHONE, exact: true })).toBeVisible()
        await expectAccessible()
        const remove = page.getByRole('button', { name: t('admin', 'user.delete') })
        await checkDialog(page, remove, expectAccessible, async (dialog) => {
          await dialog.getByRole('button', { name: t('admin', 'delete.confirm') }).click()
          await expect(dialog.getByText(t('admin', 'delete.confirmMismatch'))).toBeVisible()
          await expectAccessible()
        })

        await page.goto('/admin/devices')
        await heading(page, t('admin', 'devices.title'))
        await expect(page.getByRole('link', { name: IPHONE, exact: true })).toBeVisible()
        await expectAccessible()
        await page.goto('/admin/activity')
        await heading(page, t('records', 'tenant.title'))
        await expect(
          page.getByRole('heading', { name: t('records', 'tenant.search') }),
        ).toBeVisible()
        await expectAccessible()
        await page.goto(`/admin/devices/${IDS.annaIphone}`)
        await heading(page, IPHONE)
        await expect(page.getByRole('heading', { name: t('apps', 'admin.title') })).toBeVisible()
        await expect(page.getByRole('link', { name: 'Anna Berger' })).toBeVisible()
        await expectAccessible()
        const uninstall = page.getByRole('button', { name: /Secure Mail/ }).last()
        await checkDialog(page, uninstall, expectAccessible)
        await page.goto('/admin/users/no-such-user')
        await heading(page, t('admin', 'user.goneTitle'))
        await expectAccessible()
      },
    )
  })
}
