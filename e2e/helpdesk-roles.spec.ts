import type { APIRequestContext, Page } from '@playwright/test'
import { BROWSER_LOCALE, LANGUAGES, textsOf } from './a11y-texts'
import { expect, IDS, test } from './admin-fixtures'
import { portalRunning, seedSession, tokenOf } from './fixtures'
import { HELPDESK_ACTIONS, type HelpdeskAction } from '../contract/helpdesk-roles'

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

/**
 * The roles' journeys run once per language, each at one width: German, whose longer words are
 * the harder fit, on a phone, with the header's menu; English on a desktop, with its account menu.
 */
const WIDTH = { en: 1280, de: 375 } as const

/** The note's sentence for an action a role may not do, and who may (the roles table). */
function cannot(language: 'en' | 'de', role: Role, action: HelpdeskAction) {
  const t = textsOf(language)
  const as = t('common', `role.as.${role}`)
  return `${t('common', `role.cannot.${action}`, { as })} ${t('common', `role.ask.${HELPDESK_ACTIONS[action]}`)}`
}

/** The page's headings, in order, go down one level at a time (WCAG 1.3.1: the outline). */
async function expectHeadingsInOrder(page: Page) {
  const levels = await page
    .locator('main')
    .evaluate((main) =>
      [...main.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')]
        .filter((heading) => heading.checkVisibility())
        .map((heading) => `${heading.tagName[1]} ${heading.textContent}`),
    )
  const skipped = levels.filter(
    (heading, index) => index > 0 && Number(heading[0]) > Number(levels[index - 1]?.[0]) + 1,
  )
  expect(skipped, levels.join(' / ')).toEqual([])
}

/** How many times the page asks the portal's server for the administrator's role. */
function countRoleRequests(page: Page) {
  const counter = { count: 0 }
  page.on('request', (request) => {
    if (request.url().endsWith('/api/portal/role')) counter.count++
  })
  return counter
}

for (const language of LANGUAGES) {
  const t = textsOf(language)
  const roleName = (role: Role) => t('common', `role.names.${role}`)

  const width = WIDTH[language]
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
      await expect(page.getByRole('link', { name: "Anna's iPhone", exact: true })).toBeVisible()
      await expect(page.getByRole('heading', { name: t('records', 'search.title') })).toBeVisible()
      await expect(page.getByRole('button', { name: t('admin', 'user.delete') })).toHaveCount(0)
      await expect(page.getByRole('button', { name: t('admin', 'user.passwordLink') })).toHaveCount(
        0,
      )
      await expect(
        page.getByText(t('common', 'role.readOnly', { as: t('common', 'role.as.auditor') })),
      ).toBeVisible()
      await expectAccessible()
      await expectHeadingsInOrder(page)
      await expectHeader(page, 'auditor')

      await page.getByRole('link', { name: "Anna's iPhone", exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
      await expect(
        page.getByText(t('common', 'role.readOnly', { as: t('common', 'role.as.auditor') })),
      ).toBeVisible()
      const actions = page.getByRole('region', { name: t('devices', 'actions.title') })
      await expect(actions.getByRole('button')).toHaveCount(0)
      await expect(page.getByText(cannot(language, 'auditor', 'installApps'))).toBeVisible()
      await expectAccessible()
      await expectHeadingsInOrder(page)

      await page.goto('/admin/users')
      await expect(page.getByRole('button', { name: t('admin', 'users.invite') })).toHaveCount(0)
      await expect(page.getByText(cannot(language, 'auditor', 'inviteUser'))).toBeVisible()
      await expectAccessible()
      await expectHeadingsInOrder(page)
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
      await expect(page.getByText(cannot(language, 'helpdesk', 'wipe'))).toBeVisible()
      await expectAccessible()
      await expectHeader(page, 'helpdesk')

      await page.getByRole('button', { name: t('devices', 'actions.lostMode.turnOn') }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel(t('devices', 'form.lostMessage')).fill('Please call the help desk.')
      await dialog.getByLabel(t('devices', 'form.phone')).fill('+49 89 1234567')
      await dialog.getByRole('button', { name: t('devices', 'lostMode.confirm') }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByText(t('devices', 'pending.lostModeOn')).first()).toBeVisible()

      // A wipe sent by hand: the portal's server refuses it in the page's language.
      const refused = await byHand(page, 'device/wipe', { clientid: IDS.annaIphone })
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({
        success: false,
        errorcode: '01900006',
        errormessage:
          language === 'de'
            ? 'Mit der Rolle Helpdesk können Sie keine Geräte löschen. Fragen Sie einen Administrator.'
            : 'In the help desk role, you cannot wipe devices. Ask an administrator.',
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

    test('the help desk sends Anna a password link by keyboard, and the activity says so', async ({
      page,
      request,
      control,
      expectAccessible,
    }) => {
      test.slow()
      await signInAs(page, request, 'helpdesk', `/admin/users/${IDS.annaSid}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Anna Berger' })).toBeVisible()
      const before = (await control.outbox()).filter((mail) => mail.to === 'anna@example.com')
      const open = page.getByRole('button', { name: t('admin', 'user.passwordLink') })
      await open.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', {
        name: t('admin', 'passwordLink.title', { name: 'Anna Berger' }),
      })
      await expect(dialog).toContainText('anna@example.com')
      await expectAccessible()
      // The dialog starts on its action: Enter sends, once.
      await expect(
        dialog.getByRole('button', { name: t('admin', 'passwordLink.confirm') }),
      ).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(
        page.getByText(t('admin', 'passwordLink.sent', { email: 'anna@example.com' })),
      ).toBeVisible()
      await expect(dialog).toBeHidden()
      await expect(open).toBeFocused()
      await expectAccessible()
      const after = (await control.outbox()).filter((mail) => mail.to === 'anna@example.com')
      expect(after.length).toBe(before.length + 1)
      expect(after.at(-1)?.links.length).toBeGreaterThan(0)
      // Her activity on her page names the link and who sent it.
      await expect(
        page.getByText(t('records', 'action.userPasswordLink.byYou')).first(),
      ).toBeVisible({ timeout: 20_000 })
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
      await expect(page.getByText(t('devices', 'pending.wipe')).first()).toBeVisible()
      await expectAccessible()
    })
  })

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
    await expect(page.getByText(t('devices', 'pending.lock')).first()).toBeVisible()
  })
})

test("while the role is read, the page holds its actions' places and none can be used", async ({
  page,
  request,
}) => {
  const t = textsOf('en')
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/portal/role', async (route) => {
    await held
    await route.continue()
  })
  await signInAs(page, request, 'auditor', `/admin/devices/${IDS.annaIphone}`)
  await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
  // The cards are there, inert: a press opens nothing, and assistive technology is told to wait.
  const actions = page.locator('.action-list')
  await expect(actions).toHaveAttribute('inert', '')
  await expect(actions).toHaveAttribute('aria-busy', 'true')
  await actions.locator('button').first().click({ force: true })
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.goto('/admin/users')
  const invite = page.getByRole('button', { name: t('admin', 'users.invite') })
  await expect(invite).toBeDisabled()

  // Known, the auditor's role leaves them out and says why.
  release()
  await expect(invite).toHaveCount(0)
  await expect(page.getByText(cannot('en', 'auditor', 'inviteUser'))).toBeVisible()
  await page.goBack()
  await expect(page.locator('.action-list')).toHaveCount(0)
  await expect(
    page.getByText(t('common', 'role.readOnly', { as: t('common', 'role.as.auditor') })),
  ).toBeVisible()
})

for (const language of LANGUAGES) {
  test.describe(`"Lost?" for the auditor (${language})`, () => {
    test.use({ locale: BROWSER_LOCALE[language] })

    test('leads only to a place known; on a device with none, the auditor reads who can locate it', async ({
      page,
      request,
      expectAccessible,
    }) => {
      const t = textsOf(language)
      const coordinate = (value: number) =>
        new Intl.NumberFormat(language, { maximumFractionDigits: 5 }).format(value)
      await signInAs(page, request, 'auditor', '/admin/devices')
      const card = (name: string) => page.getByRole('listitem').filter({ hasText: name })
      // Anna's Pixel has a known place: the way to it is the map's; her iPhone has none: no way.
      const onMap = card("Anna's Pixel").getByRole('link', {
        name: t('devices', 'location.showOnMap'),
      })
      await expect(onMap).toBeVisible()
      await expect(
        card("Anna's iPhone").getByRole('link', { name: "Anna's iPhone", exact: true }),
      ).toBeVisible()
      await expect(
        card("Anna's iPhone").getByRole('link', { name: t('devices', 'find.lost') }),
      ).toHaveCount(0)
      await expect(page.getByRole('link', { name: t('devices', 'find.lost') })).toHaveCount(0)
      await expectAccessible()
      await onMap.click()
      await expect(page).toHaveURL(new RegExp(`/admin/devices/${IDS.annaPixel}#location$`))
      const location = page.getByRole('region', { name: t('devices', 'location.title') })
      await expect(location.getByRole('heading', { level: 2 })).toBeFocused()
      const map = t('devices', 'map.label', {
        name: "Anna's Pixel",
        latitude: coordinate(48.13743),
        longitude: coordinate(11.57549),
      })
      await expect(location.getByRole('region', { name: map })).toBeVisible()

      // The iPhone's location, as a colleague's link to it opens: no place, and no way that is theirs.
      await page.goto(`/admin/devices/${IDS.annaIphone}#location`)
      const none = `${t('devices', 'location.none')} ${t('devices', 'location.notForRole', {
        as: t('common', 'role.as.auditor'),
        name: "Anna's iPhone",
      })} ${t('common', `role.ask.${HELPDESK_ACTIONS.lostMode}`)}`
      await expect(location.getByText(none, { exact: true })).toBeVisible()
      // Nor do the actions below tell them to turn on lost mode: only why Locate is not possible.
      await expect(page.getByText(t('devices', 'reasons.locateNeedsLostMode'))).toHaveCount(0)
      await expect(page.getByText(t('devices', 'reasons.locateOnlyLost'))).toBeVisible()
      await expect(location.getByRole('button')).toHaveCount(0)
      // Nobody is asking, and they cannot ask: the map's place is no empty box waiting for a
      // place that will not come, it holds why none will.
      await expect(location.locator('.location__frame')).toHaveText(none)
      await expectAccessible()

      // The help desk, who can, is offered lost mode there, and the map's place is kept for it.
      const helpdesk = await page.context().newPage()
      await signInAs(helpdesk, request, 'helpdesk', '/admin/devices')
      await helpdesk
        .getByRole('listitem')
        .filter({ hasText: "Anna's iPhone" })
        .getByRole('link', { name: t('devices', 'find.lost') })
        .click()
      const offered = helpdesk.getByRole('region', { name: t('devices', 'location.title') })
      await expect(
        offered.getByRole('button', { name: t('devices', 'actions.lostMode.turnOn') }),
      ).toBeVisible()
      await expect(
        offered.getByText(
          `${t('devices', 'location.none')} ${t('devices', 'reasons.locateNeedsLostMode')}`,
        ),
      ).toBeVisible()
      await expect(offered.locator('.location__frame')).toHaveCount(1)
    })
  })
}

test.describe('the role belongs to the session', () => {
  /** Signs in through the sign-in page's demo list, as a person would. */
  async function signInWithDemo(page: Page, name: string) {
    const t = textsOf('en')
    const demo = page.getByRole('complementary', { name: t('auth', 'demo.title') })
    await demo.getByRole('button', { name: t('auth', 'demo.use', { name }) }).click()
    await page.getByRole('button', { name: t('auth', 'login.submit'), exact: true }).click()
    await expect(page).toHaveURL(/\/admin\//)
  }

  test('the help desk signs out and the auditor signs in on the same tab: each gets their own role', async ({
    page,
    expectAccessible,
  }) => {
    const t = textsOf('en')
    const roleRequests = countRoleRequests(page)
    await page.goto('/login')
    await signInWithDemo(page, ACCOUNTS.helpdesk.name)
    const invite = page.getByRole('button', { name: t('admin', 'users.invite') })
    // Enabled once the role has come: while it is read, the button holds its place, disabled.
    await expect(invite).toBeEnabled()
    expect(roleRequests.count).toBe(1)

    await page.getByRole('button', { name: new RegExp(ACCOUNTS.helpdesk.name) }).click()
    await page.getByRole('button', { name: t('common', 'nav.signOut') }).click()
    await expect(page).toHaveURL(/\/login/)
    // Signed out, nothing asks for a role: there is no session to have one.
    expect(roleRequests.count).toBe(1)

    await signInWithDemo(page, ACCOUNTS.auditor.name)
    await expect(page.getByText(cannot('en', 'auditor', 'inviteUser'))).toBeVisible()
    await expect(page.getByText(t('common', 'role.failed'))).toHaveCount(0)
    await expect(invite).toHaveCount(0)
    expect(roleRequests.count).toBe(2)
    await expectAccessible()
  })

  test('the help desk whose session expired signs in again and is offered its actions', async ({
    page,
    control,
  }) => {
    const t = textsOf('en')
    await page.clock.install()
    await page.goto('/login')
    await signInWithDemo(page, ACCOUNTS.helpdesk.name)
    const invite = page.getByRole('button', { name: t('admin', 'users.invite') })
    // Enabled once the role has come: while it is read, the button holds its place, disabled.
    await expect(invite).toBeEnabled()

    await control.advanceClock(61 * 60_000)
    await portalRunning(page)
    await page.clock.fastForward(61 * 60_000)
    await expect(page).toHaveURL(/\/login\?from=/)
    // As whom it was signed in is known: the password is all there is to type.
    await expect(page.getByLabel(t('auth', 'login.email'))).toHaveValue(ACCOUNTS.helpdesk.email)
    await expect(page.getByRole('switch', { name: t('auth', 'admin.switch') })).toBeChecked()
    const password = page.getByLabel(t('auth', 'login.password'), { exact: true })
    await expect(password).toBeFocused()
    await page.keyboard.type(ACCOUNTS.helpdesk.password)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/admin\/users$/)
    await expect(invite).toBeVisible()
    await expect(page.getByText(t('common', 'role.failed'))).toHaveCount(0)
  })
})

test.describe("the help desk's dialogs over an expired session", () => {
  async function expireAndSignInAgain(
    page: Page,
    control: { advanceClock(ms: number): Promise<void> },
    account: { email: string; password: string },
  ) {
    const t = textsOf('en')
    await control.advanceClock(61 * 60_000)
    await portalRunning(page)
    await page.clock.fastForward(61 * 60_000)
    await expect(page).toHaveURL(/\/login\?from=/)
    await page.getByLabel(t('auth', 'login.email')).fill(account.email)
    await page.getByLabel(t('auth', 'login.password'), { exact: true }).fill(account.password)
    await page.getByRole('button', { name: t('auth', 'login.submit'), exact: true }).click()
  }

  test('the invitation comes back with what was typed; nothing is sent by itself', async ({
    page,
    request,
    control,
    expectAccessible,
  }) => {
    const t = textsOf('en')
    const creates = { count: 0 }
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/mdm/v2/user/create')) creates.count++
    })
    await page.clock.install()
    await signInAs(page, request, 'helpdesk', '/admin/users')
    await page.getByRole('button', { name: t('admin', 'users.invite') }).click()
    let dialog = page.getByRole('dialog', { name: t('admin', 'invite.title') })
    await dialog.getByLabel(t('admin', 'invite.email')).fill('carla@example.com')
    await dialog.getByLabel(new RegExp(t('admin', 'invite.firstname'))).fill('Carla')
    await dialog.getByLabel(new RegExp(t('admin', 'invite.lastname'))).fill('Conti')
    await dialog.getByRole('radio', { name: t('admin', 'invite.de') }).check()
    await dialog.getByRole('checkbox', { name: t('admin', 'invite.sendEmail') }).uncheck()

    await expireAndSignInAgain(page, control, ACCOUNTS.helpdesk)
    await expect(page).toHaveURL(/\/admin\/users$/)
    dialog = page.getByRole('dialog', { name: t('admin', 'invite.title') })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel(t('admin', 'invite.email'))).toHaveValue('carla@example.com')
    await expect(dialog.getByLabel(new RegExp(t('admin', 'invite.firstname')))).toHaveValue('Carla')
    await expect(dialog.getByLabel(new RegExp(t('admin', 'invite.lastname')))).toHaveValue('Conti')
    await expect(dialog.getByRole('radio', { name: t('admin', 'invite.de') })).toBeChecked()
    await expect(
      dialog.getByRole('checkbox', { name: t('admin', 'invite.sendEmail') }),
    ).not.toBeChecked()
    expect(creates.count).toBe(0)
    await expectAccessible()

    await dialog.getByRole('button', { name: t('admin', 'invite.submitQuietly') }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText(t('admin', 'users.invited', { name: 'Carla Conti' }))).toBeVisible()
    expect(creates.count).toBe(1)
    // Sent, the draft is gone: a reload shows the list without the dialog.
    await page.reload()
    await expect(
      page.getByRole('heading', { level: 1, name: t('admin', 'users.title') }),
    ).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test("a user's deletion comes back; the typed address, a confirmation, is typed again", async ({
    page,
    request,
    control,
  }) => {
    const t = textsOf('en')
    await page.clock.install()
    await signInAs(page, request, 'admin', `/admin/users/${IDS.annaSid}`)
    await page.getByRole('button', { name: t('admin', 'user.delete') }).click()
    let dialog = page.getByRole('dialog', {
      name: t('admin', 'delete.title', { name: 'Anna Berger' }),
    })
    await dialog.getByLabel(t('admin', 'delete.confirmLabel')).fill('anna@example.com')

    await expireAndSignInAgain(page, control, ACCOUNTS.admin)
    await expect(page).toHaveURL(new RegExp(`/admin/users/${IDS.annaSid}$`))
    dialog = page.getByRole('dialog', { name: t('admin', 'delete.title', { name: 'Anna Berger' }) })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel(t('admin', 'delete.confirmLabel'))).toHaveValue('')
    await dialog.getByRole('button', { name: t('common', 'actions.cancel') }).click()
    await expect(dialog).toBeHidden()
  })
})

for (const language of LANGUAGES) {
  test.describe(`refused changes to users (${language})`, () => {
    test.use({ locale: BROWSER_LOCALE[language] })

    test('the auditor reads the administrator’s refused invitation, with whom it named, and who deleted a user', async ({
      page,
      request,
      expectAccessible,
    }) => {
      const t = textsOf(language)
      // Anna is a user already: the service refuses, and no user is made.
      const lastname = `Refused ${language} ${Date.now()}`
      const token = await tokenOf(request, ACCOUNTS.admin, 'admin')
      const invite = await request.post('/api/mdm/v2/user/create', {
        data: { token, email: 'anna@example.com', firstname: 'Anna', lastname },
      })
      expect(((await invite.json()) as { success: boolean }).success).toBe(false)
      // A user the administrator invited, then deleted: the service shows that user to no one.
      const invited = await request.post('/api/mdm/v2/user/create', {
        data: { token, email: 'carla@example.com', firstname: 'Carla', lastname: 'Conti' },
      })
      const { sid } = ((await invited.json()) as { data: { sid: string } }).data
      const deleted = await request.post('/api/mdm/v2/user/delete', { data: { token, sid } })
      expect(((await deleted.json()) as { success: boolean }).success).toBe(true)
      // A change's record is completed just after its answer: once its sender reads it done.
      await expect
        .poll(async () => {
          const records = await request.post('/api/portal/records/activity', {
            data: { token, actions: ['userDelete'] },
          })
          return ((await records.json()) as { data: { outcome: string }[] }).data
        })
        .toEqual([expect.objectContaining({ outcome: 'done' })])

      await signInAs(page, request, 'auditor', '/admin/users')
      const changes = page.getByRole('region', { name: t('records', 'userChanges.title') })
      const line = changes.getByRole('listitem').filter({ hasText: lastname })
      await expect(line).toContainText(
        t('records', 'action.userInvite.by', { account: ACCOUNTS.admin.email }),
      )
      await expect(line).toContainText(t('records', 'outcome.refused'))
      await expect(line).toContainText(t('records', 'details.email', { value: 'anna@example.com' }))
      await expect(line).toContainText(t('records', 'details.name', { value: `Anna ${lastname}` }))
      // Who deleted the user, and who invited them, without the address and name forgotten with them.
      const deletion = changes
        .getByRole('listitem')
        .filter({ hasText: t('records', 'details.sid', { value: sid }) })
      await expect(deletion).toContainText(
        t('records', 'action.userDelete.by', { account: ACCOUNTS.admin.email }),
      )
      await expect(deletion).toContainText(t('records', 'outcome.done'))
      const invitation = changes
        .getByRole('listitem')
        .filter({
          hasText: t('records', 'action.userInvite.by', { account: ACCOUNTS.admin.email }),
        })
        .filter({ hasNotText: t('records', 'outcome.refused') })
      await expect(invitation).toContainText(t('records', 'outcome.done'))
      await expect(invitation).not.toContainText('carla@example.com')
      await expect(invitation).not.toContainText('Conti')
      await expectAccessible()
    })

    test('the administrator’s own refused invitation shows on the users screen once it is answered', async ({
      page,
      request,
    }) => {
      const t = textsOf(language)
      const lastname = `Typed ${language} ${Date.now()}`
      await signInAs(page, request, 'admin', '/admin/users')
      await page.getByRole('button', { name: t('admin', 'users.invite') }).click()
      const dialog = page.getByRole('dialog', { name: t('admin', 'invite.title') })
      await dialog.getByLabel(t('admin', 'invite.email')).fill('anna@example.com')
      await dialog.getByLabel(new RegExp(t('admin', 'invite.lastname'))).fill(lastname)
      await dialog.getByRole('button', { name: t('admin', 'invite.submit') }).click()
      // The service refuses: Anna is a user already. The dialog says so and stays.
      await expect(dialog.getByText(t('errors', 'code.userAlreadyExists'))).toBeVisible()
      await dialog.getByRole('button', { name: t('common', 'actions.cancel') }).click()
      const changes = page.getByRole('region', { name: t('records', 'userChanges.title') })
      const line = changes.getByRole('listitem').filter({ hasText: lastname })
      await expect(line).toContainText(t('records', 'action.userInvite.byYou'))
      await expect(line).toContainText(t('records', 'outcome.refused'))
    })
  })
}
