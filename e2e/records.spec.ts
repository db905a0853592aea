import { readFile } from 'node:fs/promises'
import { BROWSER_LOCALE, LANGUAGES, textsOf } from './a11y-texts'
import type { Locator, Page } from '@playwright/test'
import { IDS, auditor, clickTwice, expect, test } from './admin-fixtures'
import { seedSession, tokenOf } from './fixtures'

/**
 * The portal's records: a command's history on the device's page, the help desk's search and
 * CSV, and the account's sessions, one of which ends another. The simulated devices answer only
 * when told to, so "sent" is seen before "done".
 */
test.beforeEach(async ({ control }) => {
  await control.settings({ commandDelayMs: 60_000 })
})

for (const language of LANGUAGES) {
  const t = textsOf(language)
  test.describe(`records (${language})`, () => {
    test.use({ locale: BROWSER_LOCALE[language] })

    test('Anna locks her iPhone: its history shows the lock sent, then done', async ({
      page,
      signIn,
      control,
      world,
      expectAccessible,
    }) => {
      test.setTimeout(60_000)
      const message = `Call Anna ${language} ${world}`
      await signIn('anna', `/devices/${IDS.annaIphone}`)
      const history = page.getByRole('region', { name: t('records', 'history.title') })
      await expect(history).toBeVisible()
      await page.getByRole('button', { name: t('devices', 'actions.lock.button') }).click()
      const lock = page.getByRole('dialog', {
        name: t('devices', 'lock.title', { name: "Anna's iPhone" }),
      })
      await lock.getByLabel(t('devices', 'form.lockMessage')).fill(message)
      await lock.getByRole('button', { name: t('devices', 'lock.confirm') }).click()
      await expect(lock).toBeHidden()

      const entry = history.getByRole('listitem').filter({ hasText: message })
      await expect(entry).toContainText(t('records', 'action.lock.byYou'))
      await expect(entry).toContainText(t('records', 'outcome.sent'))
      // The waiting lock says since when, from the same records, and goes once it is done.
      const locking = t('devices', 'pending.lock').replace(/\s*…$/, '')
      const since = t('devices', 'pending.since', { action: locking, relative: 'AGO', time: '' })
      const sentLine = page.getByText(since.slice(0, since.indexOf('AGO')))
      await expect(sentLine).toBeVisible()
      await expectAccessible()
      await control.complete()
      await expect(sentLine).toBeHidden({ timeout: 20_000 })
      const doneAfter = t('records', 'outcome.doneAfter', { duration: 'DURATION' })
      await expect(entry).toContainText(doneAfter.slice(0, doneAfter.indexOf('DURATION')), {
        timeout: 20_000,
      })

      // The device's facts do not show when it sent its app list: the record says it was sent
      // to the device and no more, rather than waiting for the device forever.
      await page
        .getByRole('button', { name: t('devices', 'actions.appListRefresh.button') })
        .click()
      const refresh = history
        .getByRole('listitem')
        .filter({ hasText: t('records', 'action.appListRefresh.byYou') })
      await expect(refresh).toContainText(t('records', 'outcome.accepted'))
      await expect(refresh).not.toContainText(t('records', 'outcome.sent'))
    })
  })
}

test('the locate that follows lost mode is the portal’s in the history, not Anna’s', async ({
  page,
  signIn,
  control,
  expectAccessible,
}) => {
  test.setTimeout(60_000)
  const t = textsOf('en')
  await signIn('anna', `/devices/${IDS.annaIphone}`)
  const history = page.getByRole('region', { name: t('records', 'history.title') })
  await page.getByRole('button', { name: t('devices', 'actions.lostMode.turnOn') }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(t('devices', 'form.lostMessage')).fill('Please call Anna.')
  await dialog.getByRole('button', { name: t('devices', 'lostMode.confirm') }).click()
  await expect(dialog).toBeHidden()
  await control.complete()
  // Spec, Devices rule 3: "While lost mode is on, … the location retrieved": the portal asks.
  await expect(page.getByText(t('devices', 'pending.locate')).first()).toBeVisible({
    timeout: 20_000,
  })
  const located = history
    .getByRole('listitem')
    .filter({ hasText: t('records', 'automatic.locate.plain') })
  await expect(located).toBeVisible({ timeout: 20_000 })
  await expect(history).toContainText(t('records', 'action.lostModeOn.byYou'))
  await expect(history).not.toContainText(t('records', 'action.locate.byYou'))
  await expectAccessible()
})

test('the help desk’s activity names who turned lost mode on at the portal’s locate, and finds it under the portal', async ({
  page,
  request,
  control,
  signInAdmin,
}) => {
  test.setTimeout(60_000)
  const t = textsOf('en')
  // What the device's page does once lost mode comes on: the locate goes in the same session,
  // marked as the portal's own (AUTOMATIC_HEADER).
  const token = await control.login('anna')
  await request.post('/api/mdm/v2/device/info', { data: { token, clientid: IDS.annaIphone } })
  const lost = await request.post('/api/mdm/v2/device/enablelostmode', {
    data: { token, clientid: IDS.annaIphone, message: 'Please call Anna.' },
  })
  expect(await lost.json()).toMatchObject({ success: true })
  // The iPhone is located once it reports lost mode on.
  await control.complete()
  const located = await request.post('/api/mdm/v2/device/requestlocation', {
    data: { token, clientid: IDS.annaIphone },
    headers: { 'x-portal-automatic': 'lostModeOn' },
  })
  expect(await located.json()).toMatchObject({ success: true })

  // The help desk's line names the account in whose session it went, as the other lines do.
  await signInAdmin(`/admin/users/${IDS.annaSid}`)
  const activity = page.getByRole('region', { name: t('records', 'search.title') })
  const automatic = activity.getByRole('listitem').filter({
    hasText: 'Located automatically after anna@example.com turned on lost mode',
  })
  await expect(automatic).toBeVisible()
  const lostModeOn = activity
    .getByRole('listitem')
    .filter({ hasText: t('records', 'action.lostModeOn.by', { account: 'anna@example.com' }) })
  // "Sent by" finds it under the sender its line and the CSV name: the portal, not Anna.
  const sentBy = activity.getByLabel(t('records', 'search.who'))
  await sentBy.selectOption({ label: t('records', 'search.portal') })
  await expect(lostModeOn).toHaveCount(0)
  await expect(automatic).toBeVisible()
  await expect(activity.getByRole('listitem')).toHaveCount(1)
  await sentBy.selectOption({ label: t('records', 'search.user') })
  await expect(lostModeOn).toBeVisible()
  await expect(automatic).toHaveCount(0)
})

test('the help desk finds Anna’s lock in her activity, filters it and downloads it as CSV', async ({
  page,
  request,
  control,
  world,
  signInAdmin,
  expectAccessible,
}) => {
  test.setTimeout(60_000)
  const message = `Found by the help desk ${world}`
  const token = await control.login('anna')
  await request.post('/api/mdm/v2/device/info', { data: { token, clientid: IDS.annaIphone } })
  const sent = await request.post('/api/mdm/v2/device/lockscreen', {
    data: { token, clientid: IDS.annaIphone, message },
  })
  expect(sent.ok()).toBe(true)
  const installed = await request.post('/api/mdm/v2/app/install', {
    data: { token, clientid: IDS.annaIphone, id: 'MU3' },
  })
  expect(await installed.json()).toMatchObject({ success: true })

  await signInAdmin(`/admin/users/${IDS.annaSid}`)
  const activity = page.getByRole('region', { name: 'Activity' })
  const found = activity.getByRole('listitem').filter({ hasText: message })
  await expect(found).toContainText('Locked by anna@example.com')
  await expect(found).toContainText("Anna's iPhone")
  // An app is named as the help desk knows it, not by the service's id (MU3).
  await expect(
    activity
      .getByRole('listitem')
      .filter({ hasText: 'Installation requested by anna@example.com' }),
  ).toContainText('App: Employee Handbook')
  await activity.getByLabel('Action').selectOption({ label: 'Wipe' })
  await expect(found).toBeHidden()
  await expect(
    activity.getByRole('heading', { name: 'No activity entries match the filters chosen' }),
  ).toBeVisible()
  // The card carries its own way out, beside the toolbar's of the same name and effect.
  const toolbar = activity.locator('.activity-toolbar')
  await expect(
    activity.locator('.empty-state').getByRole('button', { name: 'Clear filters' }),
  ).toBeVisible()
  await expect(toolbar.getByRole('button', { name: 'Clear filters' })).toBeVisible()
  await expectAccessible()
  await activity.getByLabel('Action').selectOption({ label: 'Lock' })
  await activity.getByLabel('Sent by').selectOption({ label: 'The device’s user' })
  await expect(found).toBeVisible()
  await expectAccessible()

  // The button goes once the filters are cleared: the keyboard is left at the first filter, not
  // at the page's start.
  await toolbar.getByRole('button', { name: 'Clear filters' }).press('Enter')
  await expect(activity.getByLabel('From (activity date)', { exact: true })).toBeFocused()
  await expect(
    activity.getByRole('listitem').filter({ hasText: 'Employee Handbook' }),
  ).toBeVisible()
  let csvRequests = 0
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/activity.csv')) csvRequests++
  })
  const download = page.waitForEvent('download')
  // A double click asks for one file, not two.
  await clickTwice(activity.getByRole('button', { name: 'Download CSV' }))
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await file.path())!, 'utf8')
  expect(csv).toContain(`"Message: “${message}”"`)
  expect(csv).toContain('"Lock","anna@example.com","The device’s user"')
  // The file names apps as the screen does, never by the service's id.
  expect(csv).toContain('"App installation request","anna@example.com","The device’s user"')
  expect(csv).toContain('"App: Employee Handbook"')
  expect(csv).not.toContain('MU3')
  expect(csvRequests).toBe(1)
})

for (const language of LANGUAGES) {
  const t = textsOf(language)
  test.describe(`the help desk's activity search on a 360 px phone (${language})`, () => {
    test.use({ locale: BROWSER_LOCALE[language], viewport: { width: 360, height: 740 } })

    test('its From and To dates sit side by side, each label on one line', async ({
      page,
      signInAdmin,
    }) => {
      await signInAdmin(`/admin/users/${IDS.annaSid}`)
      const activity = page.getByRole('region', { name: t('records', 'search.title') })
      const from = activity.getByLabel(t('records', 'search.fromNamed'), { exact: true })
      const to = activity.getByLabel(t('records', 'search.toNamed'), { exact: true })
      await expect(to).toBeVisible()
      const fromBox = (await from.boundingBox())!
      const toBox = (await to.boundingBox())!
      expect(toBox.y, 'To on the same row as From').toBe(fromBox.y)
      expect(toBox.x).toBeGreaterThanOrEqual(fromBox.x + fromBox.width)
      // Each field wide enough for its date, and each label whole on its one line.
      expect(fromBox.width).toBeGreaterThanOrEqual(120)
      for (const field of [from, to]) {
        const label = await field.evaluate((input: HTMLInputElement) => {
          const element = input.labels![0]!
          return {
            lines:
              element.getBoundingClientRect().height /
              parseFloat(getComputedStyle(element).lineHeight),
            cut: element.scrollWidth > element.clientWidth,
          }
        })
        expect(Math.round(label.lines)).toBe(1)
        expect(label.cut).toBe(false)
      }
    })
  })
}

/** Tabs on until `target` has the focus, as a keyboard user does (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

for (const language of LANGUAGES) {
  const t = textsOf(language)
  test.describe(`the tenant's activity for an auditor on a 375 px phone (${language})`, () => {
    test.use({ locale: BROWSER_LOCALE[language], viewport: { width: 375, height: 740 } })

    test('Anna locks her iPhone; the auditor opens Activity from the header, finds the lock by its action and downloads it as CSV, by keyboard alone', async ({
      page,
      request,
      control,
      world,
      expectAccessible,
    }) => {
      test.setTimeout(90_000)
      const message = `For the auditors ${world} ${language}`
      const token = await control.login('anna')
      await request.post('/api/mdm/v2/device/info', { data: { token, clientid: IDS.annaIphone } })
      const sent = await request.post('/api/mdm/v2/device/lockscreen', {
        data: { token, clientid: IDS.annaIphone, message },
      })
      expect(sent.ok()).toBe(true)

      await seedSession(page, await tokenOf(request, auditor, 'admin'), 'admin')
      await page.goto('/admin/users')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // On a phone the header's links are behind its menu.
      const menu = page.getByRole('button', { name: t('common', 'nav.menu') })
      await tabTo(page, menu)
      await page.keyboard.press('Enter')
      const link = page
        .getByRole('navigation', { name: t('common', 'nav.label') })
        .getByRole('link', { name: t('common', 'nav.activity'), exact: true })
      await tabTo(page, link)
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/admin\/activity$/)
      await expect(
        page.getByRole('heading', { level: 1, name: t('records', 'tenant.title') }),
      ).toBeVisible()
      const activity = page.getByRole('region', { name: t('records', 'tenant.search') })
      const found = activity.getByRole('listitem').filter({ hasText: message })
      await expect(found).toBeVisible()
      await expectAccessible()

      // The action chosen with the arrow keys, as a keyboard user does on a closed list.
      const action = activity.getByLabel(t('records', 'search.action'))
      await tabTo(page, action)
      for (let presses = 0; presses < 20 && (await action.inputValue()) !== 'lock'; presses++) {
        await page.keyboard.press('ArrowDown')
      }
      await expect(action).toHaveValue('lock')
      await expect(found).toBeVisible()
      // Each line names its device and its owner, with the way to their pages.
      await expect(found.getByRole('link', { name: "Anna's iPhone" })).toHaveAttribute(
        'href',
        `/admin/devices/${IDS.annaIphone}`,
      )
      await expect(found.getByRole('link', { name: 'Anna Berger' })).toHaveAttribute(
        'href',
        `/admin/users/${IDS.annaSid}`,
      )
      await expect(found).toContainText(t('records', 'tenant.owner'))
      // Only locks are left.
      await expect(activity.getByRole('listitem').filter({ hasText: message })).toHaveCount(1)
      await expectAccessible()
      // Nothing on the phone runs past the window's right edge.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      )

      const download = page.waitForEvent('download')
      const csvButton = activity.getByRole('button', { name: t('records', 'search.csv') })
      await tabTo(page, csvButton)
      await page.keyboard.press('Enter')
      const file = await download
      const csv = await readFile((await file.path())!, 'utf8')
      expect(csv).toContain(message)
      expect(csv).toContain(`"${t('records', 'actionName.lock')}","anna@example.com"`)
      expect(csv).toContain("Anna's iPhone")
    })
  })
}

test('the auditor’s filter of the Activity stays through a reload, and a device’s page leads to all of its activity', async ({
  page,
  request,
  control,
  world,
  expectAccessible,
}) => {
  const message = `Kept in the address ${world}`
  const token = await control.login('anna')
  await request.post('/api/mdm/v2/device/info', { data: { token, clientid: IDS.annaIphone } })
  const sent = await request.post('/api/mdm/v2/device/lockscreen', {
    data: { token, clientid: IDS.annaIphone, message },
  })
  expect(sent.ok()).toBe(true)

  await seedSession(page, await tokenOf(request, auditor, 'admin'), 'admin')
  await page.goto('/admin/activity')
  const activity = page.getByRole('region', { name: 'Search and download' })
  const found = activity.getByRole('listitem').filter({ hasText: message })
  await activity.getByLabel('Action').selectOption({ label: 'Lock' })
  await expect(page).toHaveURL(/\/admin\/activity\?action=lock$/)
  await page.reload()
  await expect(activity.getByLabel('Action')).toHaveValue('lock')
  await expect(found).toBeVisible()

  await found.getByRole('link', { name: "Anna's iPhone" }).click()
  await page.getByRole('link', { name: 'All activity of this device' }).click()
  await expect(page).toHaveURL(`/admin/activity?device=${IDS.annaIphone}`)
  await expect(activity.getByText("Only the device Anna's iPhone")).toBeVisible()
  await expect(activity.getByLabel('Action')).toHaveValue('')
  await expect(found).toBeVisible()
  await expectAccessible()

  // A mistyped link: what it could not use is said, the rest applies.
  await page.goto('/admin/activity?action=erase&sender=user')
  await expect(page.getByText('“erase” is not an action the records know.')).toBeVisible()
  await expect(activity.getByLabel('Sent by')).toHaveValue('user')
  await expect(found).toBeVisible()
  await expectAccessible()
})

test('a user with no activity yet: the help desk is told so, not that filters match nothing', async ({
  page,
  signInAdmin,
}) => {
  await signInAdmin('/admin/users/b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d42')
  const activity = page.getByRole('region', { name: 'Activity' })
  await expect(activity).toContainText('No activity has been recorded yet.')
  await expect(activity).not.toContainText('No activity entries match')
  // A filter chosen and set back to "any" is no filter: the same words, nothing to clear.
  await activity.getByLabel('Action').selectOption({ label: 'Wipe' })
  await expect(activity).toContainText('No activity entries match the filters chosen')
  await activity.getByLabel('Action').selectOption({ label: 'Any action' })
  await expect(activity).toContainText('No activity has been recorded yet.')
  await expect(activity.getByRole('button', { name: 'Clear filters' })).toHaveCount(0)
})

test('the Activity screen shows older records below the newest 500, each once, by keyboard and on a phone', async ({
  page,
  request,
  signInAdmin,
  expectAccessible,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 375, height: 740 })
  // More than a page, written through the store at once: the last two of one moment.
  const seeded = await request.post('/__test/activity-records', {
    data: {
      count: 520,
      clientid: IDS.annaIphone,
      ownersid: IDS.annaSid,
      account: 'admin@example.com',
    },
  })
  expect(seeded.ok()).toBe(true)
  await signInAdmin('/admin/activity')
  const activity = page.getByRole('region', { name: 'Search and download' })
  const status = activity.getByRole('status')
  await expect(status).toHaveText(
    'The newest 500 records: older ones are left out. Show them below, or narrow the dates; the CSV holds up to 50,000.',
  )
  const lines = activity.getByRole('listitem')
  await expect(lines).toHaveCount(500)
  const older = activity.getByRole('button', { name: 'Show older records' })
  await older.focus()
  await page.keyboard.press('Enter')
  await expect(status).toHaveText('20 older records shown, 520 in all.')
  await expect(lines).toHaveCount(520)
  // The keyboard is at the first that came; the button is gone, none being left.
  await expect(lines.nth(500)).toBeFocused()
  await expect(lines.nth(500)).toContainText('Record 500')
  await expect(older).toHaveCount(0)
  const names = (await lines.allTextContents()).map((text) => /Record \d+/.exec(text)?.[0])
  expect(new Set(names).size).toBe(520)
  expect(names.slice(-2)).toEqual(['Record 518', 'Record 519'])
  await expectAccessible()
})

test('a slow search says the activity is being updated, rather than showing the last one as its answer', async ({
  page,
  request,
  control,
  signInAdmin,
}) => {
  const token = await control.login('anna')
  await request.post('/api/mdm/v2/device/info', { data: { token, clientid: IDS.annaIphone } })
  const sent = await request.post('/api/mdm/v2/device/lockscreen', {
    data: { token, clientid: IDS.annaIphone, message: 'Slow search' },
  })
  expect(sent.ok()).toBe(true)
  await signInAdmin(`/admin/users/${IDS.annaSid}`)
  const activity = page.getByRole('region', { name: 'Activity' })
  await expect(activity.getByText('1 record')).toBeVisible()

  let answer = () => {}
  const held = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/api/portal/records/activity', async (route) => {
    await held
    await route.continue()
  })
  await activity.getByLabel('Action').selectOption({ label: 'Wipe' })
  await expect(activity.getByText('Updating the activity…')).toBeVisible()
  await expect(activity.getByRole('list')).toHaveAttribute('aria-busy', 'true')
  answer()
  await expect(activity).toContainText('No activity entries match the filters chosen')
  await expect(activity.getByText('Updating the activity…')).toHaveCount(0)
})

test('Anna sees where she is signed in and signs out the other browser, which lands on sign-in', async ({
  page,
  browser,
  control,
  world,
  signIn,
  expectAccessible,
}) => {
  test.setTimeout(60_000)
  // The other browser: Firefox on Linux, signed in through the sign-in page.
  const other = await browser.newContext({
    extraHTTPHeaders: { 'x-mdm-world': world },
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:141.0) Gecko/20100101 Firefox/141.0',
  })
  const otherPage = await other.newPage()
  await otherPage.goto('/login')
  await otherPage.getByLabel('E-mail address').fill('anna@example.com')
  await otherPage.getByLabel('Password', { exact: true }).fill('Demo-Pass-1')
  await otherPage.getByRole('button', { name: 'Sign in' }).click()
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible()

  await signIn('anna', '/account')
  const where = page.getByRole('region', { name: 'Where you are signed in' })
  await expect(where.getByText('This browser')).toBeVisible()
  const firefox = 'Firefox 141 on Linux'
  await expect(where.getByText(firefox).first()).toBeVisible()
  const recent = page.getByRole('region', { name: 'Recent sign-ins' })
  await expect(recent.getByText(firefox).first()).toBeVisible()
  await expectAccessible()

  await where
    .getByRole('button', { name: `Sign out there: ${firefox}, signed in` })
    .first()
    .click()
  const confirm = page.getByRole('dialog', { name: `Sign out ${firefox}?` })
  await expectAccessible()
  await confirm.getByRole('button', { name: 'Sign out there' }).click()
  await expect(confirm).toBeHidden()
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'That browser is signed out.' }),
  ).toBeVisible()

  // The other browser's next request is refused: it lands on the sign-in page.
  await otherPage.getByRole('link', { name: 'Apps' }).first().click()
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  // It is told what happened, not that its session expired; and it goes back where it was.
  await expect(
    otherPage.getByText(
      'You were signed out: this session was ended from another browser, or your password was changed.',
      { exact: false },
    ),
  ).toBeVisible()
  // Read out with the password field too, where the user goes on.
  await expect(otherPage.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    /You were signed out: this session was ended from another browser/,
  )
  await expect(otherPage).toHaveURL(/\/login\?from=/)
  void control
  await other.close()
})

test('the help desk’s install on Anna’s iPhone is sent to the device, then done once Anna’s app list shows it installed', async ({
  page,
  request,
  control,
  signInAdmin,
  expectAccessible,
}) => {
  test.setTimeout(60_000)
  const t = textsOf('en')
  await signInAdmin(`/admin/devices/${IDS.annaIphone}`)
  await page
    .getByRole('button', {
      name: t('apps', 'actions.requestInstallApp', { app: 'Employee Handbook' }),
    })
    .click()
  const history = page.getByRole('region', { name: t('records', 'history.title') })
  const install = history
    .getByRole('listitem')
    .filter({ hasText: t('records', 'action.appInstall.byYou') })
  await expect(install).toContainText(t('records', 'outcome.accepted'))
  await expectAccessible()

  // The service tells the help desk nothing of the app on one device (app/list: clientid for
  // users only): the install ends once the device's user reads its apps.
  await control.complete()
  await page.reload()
  await expect(install).toContainText(t('records', 'outcome.accepted'))
  const token = await control.login('anna')
  const apps = await request.post('/api/mdm/v2/app/list', {
    data: { token, clientid: IDS.annaIphone },
  })
  expect(await apps.json()).toMatchObject({ success: true })
  const doneAfter = t('records', 'outcome.doneAfter', { duration: 'DURATION' })
  await expect(async () => {
    await page.reload()
    await expect(install).toContainText(doneAfter.slice(0, doneAfter.indexOf('DURATION')), {
      timeout: 2_000,
    })
  }).toPass({ timeout: 20_000 })
  await expectAccessible()
})

/**
 * Lena, signed in on the account page at `width` px, signs out another of her sessions: the
 * toast that says so, and where it stands.
 */
async function signedOutToast({ page, control, signIn }: SignInFixtures, width: number) {
  await page.setViewportSize({ width, height: 800 })
  await control.login('lena')
  await signIn('lena', '/account')
  // Lena's other sessions (of this test and any before it in this server) read alike.
  await page
    .getByRole('button', { name: /^Sign out there/ })
    .first()
    .click()
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out there' }).click()
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem')
  await expect(toast).toBeVisible()
  const box = (await toast.boundingBox())!
  const windowWidth = await page.evaluate(() => document.documentElement.clientWidth)
  return { toast, box, fromRight: Math.round(windowWidth - (box.x + box.width)) }
}
type SignInFixtures = Pick<Parameters<Parameters<typeof test>[2]>[0], 'page' | 'control' | 'signIn'>

// Lena's sessions are hers in every test world (fixtures.ts): a test that ends her other sessions
// would end those of another test running beside it. Her tests hold one lock, so they run one at
// a time (however often each is repeated), beside any other test.
test.describe("Lena's sessions", { lock: 'lena' }, () => {
  test('after signing out the other browsers, the focus stays in their card, not lost at the top of the page', async ({
    page,
    control,
    signIn,
  }) => {
    // Two other sessions: the button for all of them shows.
    await control.login('lena')
    await control.login('lena')
    await signIn('lena', '/account')
    const where = page.getByRole('region', { name: 'Where you are signed in' })
    const heading = where.getByRole('heading', { level: 2, name: 'Where you are signed in' })
    await where.getByRole('button', { name: 'Sign out everywhere else' }).focus()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: 'Sign out everywhere else?' })
    await confirm.getByRole('button', { name: 'Sign out everywhere else' }).focus()
    await page.keyboard.press('Enter')
    await expect(confirm).toBeHidden()
    // The button is gone with the sessions it ended: the card's heading takes the focus.
    await expect(where.getByText('You are signed in in this browser only.')).toBeVisible()
    await expect(heading).toBeFocused()

    // Ending one session removes its row and its button: the same.
    await control.login('lena')
    await page.reload()
    await where.getByRole('button', { name: /^Sign out there/ }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out there' }).click()
    await expect(where.getByText('You are signed in in this browser only.')).toBeVisible()
    await expect(heading).toBeFocused()
  })

  test('on a phone, the toast that says a browser is signed out keeps the same margin from both edges of the window', async ({
    page,
    control,
    signIn,
  }) => {
    const { box, fromRight } = await signedOutToast({ page, control, signIn }, 375)
    // Not against the left edge with its shadow cut off, 16 px from the right.
    expect(box.x).toBeGreaterThanOrEqual(16)
    expect(fromRight).toBe(Math.round(box.x))
  })

  test('on a wide window, the toast that says a browser is signed out is no wider than its 26rem', async ({
    page,
    control,
    signIn,
  }) => {
    const { toast, box, fromRight } = await signedOutToast({ page, control, signIn }, 1280)
    const rem = await page.evaluate(() =>
      parseFloat(getComputedStyle(document.documentElement).fontSize),
    )
    expect(box.width).toBeLessThanOrEqual(26 * rem)
    // This message is short; a longer one grows to the limit that holds the toast, which is its
    // own 26rem, not the 60ch measure of running text (484 px, 610 px, as the font goes).
    const limit = await toast.evaluate((item) => parseFloat(getComputedStyle(item).maxWidth))
    expect(limit).toBeLessThanOrEqual(26 * rem)
    // Still at the right, 16 px from the window's edge.
    expect(fromRight).toBe(16)
  })
})
