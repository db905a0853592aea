import type { Route } from '@playwright/test'
import { expect, IDS, test } from './admin-fixtures'
import { textsOf } from './a11y-texts'

/** The help desk's area on a desktop: its guard, the tenant, invitations' edge cases, apps. */
const t = textsOf('en')

test.describe('help desk area', () => {
  test('each area keeps to its own: an employee never reaches the help desk, an administrator never "my devices"', async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/admin/users')
    await expect(page).toHaveURL(/\/devices$/)
    await expect(page.getByRole('link', { name: t('common', 'nav.users') })).toHaveCount(0)
  })

  test('an administrator opening an employee page lands in the help desk', async ({
    page,
    signInAdmin,
  }) => {
    await signInAdmin(`/devices/${IDS.annaIphone}`)
    await expect(page).toHaveURL(/\/admin\/users$/)
    await expect(page.getByText(t('common', 'nav.helpDesk'), { exact: true })).toBeVisible()
    await page.goto('/apps')
    await expect(page).toHaveURL(/\/admin\/users$/)
  })

  test("an unknown address offers each their own way back: the help desk's users, or sign-in", async ({
    page,
    signInAdmin,
  }) => {
    await signInAdmin('/admin/no-such-page')
    await expect(
      page.getByRole('heading', { level: 1, name: t('common', 'notFound.title') }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: t('common', 'notFound.home') })).toHaveCount(0)
    await page.getByRole('link', { name: t('common', 'notFound.users') }).click()
    await expect(page).toHaveURL(/\/admin\/users$/)

    await page.evaluate(() => {
      sessionStorage.removeItem('mdm.session')
      sessionStorage.removeItem('mdm.session.role')
    })
    await page.goto('/no-such-page')
    await page.getByRole('link', { name: t('common', 'notFound.signIn') }).click()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('signed out, a help desk address leads through sign-in back to it', async ({ page }) => {
    await page.goto('/admin/devices')
    await expect(page).toHaveURL(/\/login\?from=%2Fadmin%2Fdevices$/)
    await page.getByRole('switch', { name: t('auth', 'admin.switch') }).check()
    await page.getByLabel(t('auth', 'login.email')).fill('admin@example.com')
    await page.getByLabel(t('auth', 'login.password'), { exact: true }).fill('Admin-Demo-1')
    await page.getByRole('button', { name: t('auth', 'login.submit'), exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/devices$/)
    await expect(page.getByText(t('admin', 'owner.label', { name: 'Ben Keller' }))).toBeVisible()
  })

  test('an administrator of several tenants is asked for the tenant at its field', async ({
    page,
  }) => {
    await page.goto('/login')
    await page.getByRole('switch', { name: t('auth', 'admin.switch') }).check()
    await page.getByLabel(t('auth', 'login.email')).fill('ops@example.com')
    await page.getByLabel(t('auth', 'login.password'), { exact: true }).fill('Ops-Demo-1')
    const submit = page.getByRole('button', { name: t('auth', 'login.submit'), exact: true })
    await submit.click()
    const tenant = page.getByLabel(t('auth', 'admin.tenant'))
    await expect(tenant).toBeFocused()
    await expect(tenant).toHaveAccessibleDescription(
      new RegExp(t('errors', 'code.mtcidRequired').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    )
    await tenant.fill('elsewhere')
    await submit.click()
    await expect(page.getByText(t('errors', 'code.tenantNotAccessible'))).toBeVisible()
    await tenant.fill('lab')
    await submit.click()
    await expect(page).toHaveURL(/\/admin\/users$/)
    await expect(page.getByRole('link', { name: 'Lena Vogel' })).toBeVisible()
  })

  test('invitations: a taken address is said at its field, a side task that failed as a warning, no mail when asked', async ({
    page,
    signInAdmin,
    control,
  }) => {
    await signInAdmin()
    const invite = page.getByRole('button', { name: t('admin', 'users.invite') })
    const dialog = page.getByRole('dialog', { name: t('admin', 'invite.title') })
    const email = dialog.getByLabel(t('admin', 'invite.email'))

    await invite.click()
    // A pasted name longer than the service takes is said at its field, not cut short unseen.
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/user/create')) sent.push(request.url())
    })
    const longName = 'Annabella'.repeat(17)
    await email.fill('annabella@example.com')
    await dialog.getByLabel(/First name/).fill(longName)
    await dialog.getByRole('button', { name: t('admin', 'invite.submit'), exact: true }).click()
    await expect(dialog.getByLabel(/First name/)).toHaveAccessibleDescription(
      t('admin', 'invite.errors.tooLong'),
    )
    await expect(dialog.getByLabel(/First name/)).toHaveValue(longName)
    expect(sent).toEqual([])

    const lists: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/mdm/v2/user/list')) lists.push(request.url())
    })
    await email.fill('anna@example.com')
    await dialog.getByLabel(/First name/).fill('Anna')
    // The refusal is read in the records, beside whatever else its answer reads again.
    const recorded = page.waitForResponse((response) =>
      response.url().endsWith('/api/portal/records/activity'),
    )
    await dialog.getByRole('button', { name: t('admin', 'invite.submit'), exact: true }).click()
    await expect(email).toHaveAccessibleDescription(t('errors', 'code.userAlreadyExists'))
    await recorded
    // Refused, the invitation made no user: the users are not read again for it.
    expect(lists).toEqual([])
    await expect(email).toBeFocused()
    await expect(dialog.getByLabel(/First name/)).toHaveValue('Anna')

    await email.fill('max@bounce.invalid')
    await dialog.getByRole('button', { name: t('admin', 'invite.submit'), exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText(t('admin', 'invite.warningTitle'))).toBeVisible()
    await expect(page.getByText(/could not be delivered/)).toBeVisible()

    await invite.click()
    await email.fill('quiet@example.com')
    await dialog.getByRole('checkbox', { name: t('admin', 'invite.sendEmail') }).uncheck()
    await dialog.getByRole('button', { name: t('admin', 'invite.submitQuietly') }).click()
    await expect(
      page.getByText(t('admin', 'users.invited', { name: 'quiet@example.com' })),
    ).toBeVisible()
    const mails = await control.outbox()
    expect(mails.map((mail) => mail.to)).not.toContain('quiet@example.com')
    expect(mails.map((mail) => mail.to)).not.toContain('max@bounce.invalid')
  })

  test("apps of a user's device: requests, what the service does not tell, and its refusals worded as what happened", async ({
    page,
    signInAdmin,
    expectAccessible,
  }) => {
    await signInAdmin(`/admin/devices/${IDS.annaIphone}`)
    const device = "Anna's iPhone"
    const panel = page.getByRole('region', { name: t('apps', 'admin.title') })
    await expect(panel).toBeVisible()
    // The service does not tell administrators an app's state on a device: the panel says so,
    // and offers requests, for apps of the device's platform only.
    await expect(panel.getByText(t('apps', 'admin.unknownState'))).toBeVisible()
    await expect(panel.getByRole('heading', { name: 'Team Chat' })).toBeVisible()
    // It lists the Mac's and the iPad's apps too (the service refuses them, below), so its lead
    // names the platform it lists, not "this kind of device", which an iPhone's reader takes
    // for phones.
    await expect(panel.getByRole('heading', { name: 'Helpdesk for Mac' })).toBeVisible()
    await expect(panel).toContainText('Only Apple apps are listed.')
    await expect(panel).not.toContainText('kind of device')
    await expect(panel.getByRole('heading', { name: 'Travel Planner' })).toHaveCount(0)
    await expect(panel.getByRole('button', { name: 'Install Team Chat', exact: true })).toHaveCount(
      0,
    )
    await expectAccessible()

    await panel
      .getByRole('button', { name: 'Request installation of Team Chat', exact: true })
      .click()
    await expect(
      panel
        .locator('li.admin-app')
        .getByText(t('apps', 'admin.installSent', { app: 'Team Chat', device })),
    ).toBeVisible()

    await panel
      .getByRole('button', { name: 'Request installation of Sales Board for iPad', exact: true })
      .click()
    await expect(
      panel
        .locator('li.admin-app')
        .getByText(t('apps', 'errors.notCompatible', { app: 'Sales Board for iPad', device })),
    ).toBeVisible()
    await panel
      .getByRole('button', { name: 'Request installation of Visitor Check-in', exact: true })
      .click()
    await expect(
      panel
        .locator('li.admin-app')
        .getByText(t('apps', 'admin.notAssigned', { app: 'Visitor Check-in', device })),
    ).toBeVisible()

    await panel.getByRole('button', { name: 'Request removal of Secure Mail' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: t('apps', 'uninstall.confirm') }).click()
    await expect(dialog).toBeHidden()
    await expect(
      panel
        .locator('li.admin-app')
        .getByText(t('apps', 'admin.uninstallSent', { app: 'Secure Mail', device })),
    ).toBeVisible()

    // The device's history says what happened: a request, refused by the service and why,
    // the app by its name and never by its id (AU30). (The portal records an exchange once it
    // has answered it: the page is read again for the history to hold all four.)
    await page.reload()
    const history = page.getByRole('region', { name: t('records', 'history.title') })
    const refused = history.getByRole('listitem').filter({ hasText: 'App: Visitor Check-in' })
    await expect(refused).toContainText(t('records', 'action.appInstall.byYou'))
    await expect(refused).toContainText(t('records', 'outcome.refusedNotAssigned'))
    await expect(
      history.getByRole('listitem').filter({ hasText: 'App: Sales Board for iPad' }),
    ).toContainText(t('records', 'outcome.refusedNotCompatible'))
    await expect(history).not.toContainText('AU30')
    await expect(history).not.toContainText(/installed/i)
    await expectAccessible()
  })

  test("a user's page whose user and devices both failed to load is whole again after one retry", async ({
    page,
    signInAdmin,
  }) => {
    const down = async (route: Route) => {
      const asksForAUser = route.request().url().endsWith('/user/info')
      if (asksForAUser && !route.request().postData()?.includes('"sid"')) return route.continue()
      return route.abort('internetdisconnected')
    }
    await page.route('**/api/mdm/v2/user/info', down)
    await page.route('**/api/mdm/v2/device/list', down)
    await signInAdmin(`/admin/users/${IDS.annaSid}`)
    const retry = page.getByRole('button', { name: 'Try again' })
    await expect(retry).toBeVisible({ timeout: 20_000 })
    await page.unrouteAll()
    await retry.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Anna Berger' })).toBeVisible()
    // The devices came with the same press: no second failure to retry.
    await expect(page.getByRole('link', { name: "Anna's iPhone", exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
  })

  test("the tenant's devices whose owners could not be read say the search does not find them by owner", async ({
    page,
    signInAdmin,
    expectAccessible,
  }) => {
    await page.route('**/api/mdm/v2/user/list', (route) => route.abort('internetdisconnected'))
    await signInAdmin('/admin/devices')
    const failed = page.getByText(t('admin', 'owner.listFailed'))
    await expect(failed).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('link', { name: "Anna's iPhone", exact: true })).toBeVisible()
    await expectAccessible()
    await page.unrouteAll()
    await page.getByRole('button', { name: t('common', 'actions.retry') }).click()
    await expect(failed).toHaveCount(0)
    await page.getByLabel(t('admin', 'devices.search')).fill('Ben Keller')
    await expect(page.getByRole('link', { name: 'Bens Galaxy S23', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: "Anna's iPhone", exact: true })).toBeHidden()
  })

  test("a user's page finds their devices in the tenant's list the users' screen read", async ({
    page,
    signInAdmin,
  }) => {
    // The spec asks for no one user's devices (device/list filters by managed, wiped and dates
    // only): the one list of the tenant serves the users, a user and the devices, read once.
    const lists: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/mdm/v2/device/list')) lists.push(request.url())
    })
    await signInAdmin()
    await page.getByRole('link', { name: 'Anna Berger' }).click()
    await expect(page.getByRole('link', { name: "Anna's iPhone", exact: true })).toBeVisible()
    await page.goBack()
    await page.getByRole('link', { name: 'Ben Keller' }).click()
    await expect(page.getByRole('link', { name: 'Bens Galaxy S23', exact: true })).toBeVisible()
    await page.getByRole('link', { name: t('common', 'nav.devices') }).click()
    await expect(page.getByRole('link', { name: "Anna's iPhone", exact: true })).toBeVisible()
    expect(lists).toHaveLength(1)
  })

  test('an administrator session is renewed like an employee one', async ({
    page,
    signInAdmin,
    control,
  }) => {
    const renewals: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/user/renewtoken')) renewals.push(request.url())
    })
    await control.settings({ tokenLifetimeMs: 60 * 60_000, renewalWindowMs: 60 * 60_000 })
    await signInAdmin()
    await expect(page.getByRole('link', { name: 'Anna Berger' })).toBeVisible()
    await expect.poll(() => renewals.length).toBeGreaterThan(0)
    await page.getByRole('link', { name: 'Anna Berger' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Anna Berger' })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/users\//)
  })
})
