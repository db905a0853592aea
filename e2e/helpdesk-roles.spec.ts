import type { APIRequestContext, Page } from '@playwright/test'
import { BROWSER_LOCALE, LANGUAGES, textsOf } from './a11y-texts'
import { expect, IDS, test } from './admin-fixtures'
import { portalRunning, seedSession, tokenOf } from './fixtures'

/**
 * The help desk's roles (server/roles/demo-roles.yaml), in both languages, on a phone and on a
 * desktop: the auditor reads Anna's devices and activity and is offered no action; the help desk
 * puts Anna's iPhone into lost mode but is offered no wipe, and a wipe sent by hand is refused by
 * the portal's server before the service; the administrator wipes.
 */
const ACCOUNTS = {
  auditor: { email: 'auditor@example.com', password: 'Auditor-Demo-1', name: 'Ava Auditor' },
  helpdesk: { email: 'helpdesk@example.com', password: 'Helpdesk-Demo-1', name: 'Hugo Helpdesk' },
  admin: { email: 'admin@example.com', password: 'Admin-Demo-1', name: 'Alex Admin' },
} as const
type Role = keyof typeof ACCOUNTS

async function signInAs(page: Page, request: APIRequestContext, role: Role, path: string) {
  await seedSession(page, await tokenOf(request, ACCOUNTS[role], 'admin'), 'admin')
  await page.goto(path)
}

/** A request made by hand in the page, with the session's token, as a curious user could. */
async function byHand(page: Page, path: string, body: object) {
  return page.evaluate(
    async ([path, body]) => {
      const token = sessionStorage.getItem('mdm.session')
      const response = await fetch(`/api/mdm/v2/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, token }),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    },
    [path, body] as const,
  )
}

const WIDTHS = [375, 1280] as const

for (const language of LANGUAGES) {
  const t = textsOf(language)
  const roleName = (role: Role) => t('common', `role.names.${role}`)
  const roleIn = (role: Role) => t('common', `role.in.${role}`)

  for (const width of WIDTHS) {
    test.describe(`help desk roles (${language}, ${width} px)`, () => {
      test.use({ locale: BROWSER_LOCALE[language], viewport: { width, height: 900 } })

      /** The header names the person and their role (in the phone menu on a phone). */
      async function expectHeader(page: Page, role: Role) {
        if (width < 1000) {
          await page.getByRole('button', { name: t('common', 'nav.menu') }).click()
        } else {
          await page.getByRole('button', { name: new RegExp(ACCOUNTS[role].name) }).click()
        }
        await expect(
          page.getByText(`${t('common', 'role.label')}: ${roleName(role)}`, { exact: true }).last(),
        ).toBeVisible()
        await expect(page.getByText(ACCOUNTS[role].name).last()).toBeVisible()
        await page.keyboard.press('Escape')
      }

      test('the auditor sees Anna, her devices and activity, and no action', async ({
        page,
        request,
        expectAccessible,
      }) => {
        test.slow()
        await signInAs(page, request, 'auditor', `/admin/users/${IDS.annaSid}`)
        await expect(page.getByRole('heading', { level: 1, name: 'Anna Berger' })).toBeVisible()
        await expect(page.getByRole('link', { name: "Anna's iPhone" })).toBeVisible()
        await expect(
          page.getByRole('heading', { name: t('records', 'search.title') }),
        ).toBeVisible()
        await expect(page.getByRole('button', { name: t('admin', 'user.delete') })).toHaveCount(0)
        await expect(
          page.getByText(t('common', 'role.cannot.deleteUser', { role: roleIn('auditor') })),
        ).toBeVisible()
        await expectAccessible()
        await expectHeader(page, 'auditor')

        await page.getByRole('link', { name: "Anna's iPhone" }).click()
        await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
        await expect(
          page.getByText(t('common', 'role.readOnly', { role: roleIn('auditor') })),
        ).toBeVisible()
        const actions = page.getByRole('region', { name: t('devices', 'actions.title') })
        await expect(actions.getByRole('button')).toHaveCount(0)
        await expect(
          page.getByText(t('common', 'role.cannot.installApps', { role: roleIn('auditor') })),
        ).toBeVisible()
        await expectAccessible()

        await page.goto('/admin/users')
        await expect(page.getByRole('button', { name: t('admin', 'users.invite') })).toHaveCount(0)
        await expect(
          page.getByText(t('common', 'role.cannot.inviteUser', { role: roleIn('auditor') })),
        ).toBeVisible()
        await expectAccessible()
      })

      test('the help desk turns on lost mode for Anna’s iPhone, and is refused a wipe', async ({
        page,
        request,
        control,
        expectAccessible,
      }) => {
        test.slow()
        await control.settings({ commandDelayMs: 60_000 })
        await signInAs(page, request, 'helpdesk', `/admin/devices/${IDS.annaIphone}`)
        await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
        await expect(
          page.getByRole('button', { name: t('devices', 'actions.wipe.button') }),
        ).toHaveCount(0)
        await expect(
          page.getByText(t('common', 'role.cannot.wipe', { role: roleIn('helpdesk') })),
        ).toBeVisible()
        await expectAccessible()
        await expectHeader(page, 'helpdesk')

        await page.getByRole('button', { name: t('devices', 'actions.lostMode.turnOn') }).click()
        const dialog = page.getByRole('dialog')
        await dialog.getByLabel(t('devices', 'form.lostMessage')).fill('Please call the help desk.')
        await dialog.getByLabel(t('devices', 'form.phone')).fill('+49 89 1234567')
        await dialog.getByRole('button', { name: t('devices', 'lostMode.confirm') }).click()
        await expect(dialog).toBeHidden()
        await expect(page.getByText(t('devices', 'pending.enablelostmode')).first()).toBeVisible()

        // A wipe sent by hand: the portal's server refuses it in the page's language.
        const refused = await byHand(page, 'device/wipe', { clientid: IDS.annaIphone })
        expect(refused.status).toBe(403)
        expect(refused.body).toMatchObject({
          success: false,
          errorcode: '01900006',
          errormessage:
            language === 'de'
              ? 'Ihre Rolle, Helpdesk, erlaubt es nicht, Geräte zu löschen. Wenden Sie sich an einen Administrator.'
              : 'Your role, help desk, cannot wipe devices. Ask an administrator.',
        })
        // Nothing reached the service: the device has no wipe under way.
        const info = await byHand(page, 'device/info', { clientid: IDS.annaIphone })
        const device = info.body.deviceinfo as {
          wiped: boolean
          actions: Record<string, { status: number }>
        }
        expect(device.wiped).toBe(false)
        expect(device.actions.wipefull?.status).not.toBe(1)
        expect(device.actions.enablelostmode?.status).toBe(1)
        // The device's history records the refused wipe, refused for the role. (The records are
        // the portal's, shared by the tests' worlds: other tests' refusals may show as well.)
        await expect(page.getByText(t('records', 'outcome.refusedRole')).first()).toBeVisible({
          timeout: 20_000,
        })
      })

      test('the administrator wipes Anna’s iPhone', async ({ page, request, expectAccessible }) => {
        test.slow()
        await signInAs(page, request, 'admin', `/admin/devices/${IDS.annaIphone}`)
        await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
        await expect(page.getByRole('note')).toHaveCount(0)
        await expectHeader(page, 'admin')
        await page.getByRole('button', { name: t('devices', 'actions.wipe.button') }).click()
        const wipe = page.getByRole('dialog')
        await wipe.getByRole('radio', { name: t('devices', 'wipe.choice.everything') }).check()
        await wipe.getByLabel(t('devices', 'wipe.confirmName')).fill("Anna's iPhone")
        await expectAccessible()
        await wipe.getByRole('button', { name: t('devices', 'wipe.confirm.everything') }).click()
        await expect(wipe).toBeHidden()
        await expect(page.getByText(t('devices', 'pending.wipefull')).first()).toBeVisible()
        await expectAccessible()
      })
    })
  }

  test.describe(`the demo's help desk accounts (${language})`, () => {
    test.use({ locale: BROWSER_LOCALE[language] })

    test('the sign-in page lists the auditor, who signs in to the help desk', async ({ page }) => {
      await page.goto('/login')
      const demo = page.getByRole('complementary', { name: t('auth', 'demo.title') })
      for (const role of ['auditor', 'helpdesk', 'admin'] as const) {
        await expect(demo.getByText(ACCOUNTS[role].email)).toBeVisible()
      }
      await demo
        .getByRole('button', { name: t('auth', 'demo.use', { name: 'Ava Auditor' }) })
        .click()
      await page.getByRole('button', { name: t('auth', 'login.submit'), exact: true }).click()
      await expect(page).toHaveURL(/\/admin\/users$/)
      await expect(page.getByRole('button', { name: t('admin', 'users.invite') })).toHaveCount(0)
    })
  })
}

test.describe("administrators' sign-in and session", () => {
  test('"Forgot password" after "Sign in as administrator" asks as an administrator', async ({
    page,
    control,
    expectAccessible,
  }) => {
    const t = textsOf('en')
    // Opened straight from an address (the page drawn on the server), the switch is on too.
    await page.goto('/forgot-password?as=admin')
    await expect(page.getByRole('switch', { name: t('password', 'forgot.admin') })).toBeChecked()
    await page.getByRole('link', { name: t('password', 'backToSignIn') }).click()
    await expect(page.getByRole('switch', { name: t('auth', 'admin.switch') })).toBeChecked()
    await page.goto('/login')
    await page.getByRole('switch', { name: t('auth', 'admin.switch') }).check()
    await page.getByRole('link', { name: t('auth', 'login.forgot') }).click()
    const asAdmin = page.getByRole('switch', { name: t('password', 'forgot.admin') })
    await expect(asAdmin).toBeChecked()
    await expectAccessible()
    const request = page.waitForRequest((sent) => sent.url().endsWith('/user/forgotpassword'))
    await page.getByLabel(t('password', 'forgot.email')).fill('helpdesk@example.com')
    await page.getByRole('button', { name: t('password', 'forgot.submit') }).click()
    expect((await request).postDataJSON()).toMatchObject({
      emailaddress: 'helpdesk@example.com',
      usertype: 'admin',
    })
    await expect(
      page.getByRole('heading', { name: t('password', 'forgot.sent.title') }),
    ).toBeVisible()
    const mails = await control.outbox()
    expect(mails.some((mail) => mail.to === 'helpdesk@example.com')).toBe(true)
  })

  test('the help desk is warned before its session ends, stays signed in, and keeps its role', async ({
    page,
    request,
    control,
  }) => {
    const t = textsOf('en')
    await control.settings({ commandDelayMs: 60_000 })
    await page.clock.install()
    await signInAs(page, request, 'helpdesk', `/admin/devices/${IDS.annaIphone}`)
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    // The page's answers are in before the service's clock moves on: one that came after would
    // say "ExpiresSoon", and the session would renew by itself around the warning.
    await expect(page.getByText(t('records', 'history.empty'))).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Secure Mail' })).toBeVisible()
    await control.advanceClock(58 * 60_000 + 5_000)
    await portalRunning(page)
    await page.clock.fastForward(58 * 60_000 + 5_000)
    const warning = page.getByRole('alertdialog', { name: t('common', 'sessionTimeout.title') })
    await expect(warning).toBeVisible()
    const renewal = page.waitForResponse((answer) => answer.url().endsWith('/user/renewtoken'))
    await warning.getByRole('button', { name: t('common', 'sessionTimeout.stay') }).click()
    await renewal
    await expect(warning).toBeHidden()
    // The portal's server follows the renewal: the new token is the help desk's still.
    expect((await byHand(page, 'device/wipe', { clientid: IDS.annaIphone })).status).toBe(403)
    await page.getByRole('button', { name: t('devices', 'actions.lock.button') }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('devices', 'lock.confirm') })
      .click()
    await expect(page.getByText(t('devices', 'pending.lockscreen')).first()).toBeVisible()
  })
})
