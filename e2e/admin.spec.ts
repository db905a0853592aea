import type { Locator, Page } from '@playwright/test'
import { BROWSER_LOCALE, LANGUAGES, textsOf } from './a11y-texts'
import { admin, clickTwice, expect, test } from './admin-fixtures'
import { portalRunning, tokenOf } from './fixtures'

/**
 * The help desk's everyday calls, end to end against the reference server, in both languages on
 * a phone: "I lost my phone" (Anna's iPhone into lost mode, then located), "our new colleague
 * starts on Monday" (an invitation that arrives in the demo mailbox) and "she left the company"
 * (deleting a user, with the warning about her devices and the typed confirmation).
 */

function countRequests(page: Page, path: string) {
  const counter = { count: 0 }
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/mdm/v2/${path}`)) counter.count++
  })
  return counter
}

const MAIL_SUBJECT = {
  en: 'Your account for the device portal',
  de: 'Ihr Konto für das Geräteportal',
}

for (const language of LANGUAGES) {
  const t = textsOf(language)

  test.describe(`help desk on a phone (${language})`, () => {
    test.use({ locale: BROWSER_LOCALE[language], viewport: { width: 375, height: 800 } })

    async function goTo(page: Page, item: string) {
      await page.getByRole('button', { name: t('common', 'nav.menu') }).click()
      await page
        .getByRole('navigation', { name: t('common', 'nav.label') })
        .getByRole('link', { name: item, exact: true })
        .click()
    }

    test('an administrator signs in, finds Anna and puts her lost iPhone into lost mode, which locates it', async ({
      page,
      control,
    }) => {
      test.slow()
      await control.settings({ commandDelayMs: 60_000 })
      await page.goto('/login')
      await page.getByRole('switch', { name: t('auth', 'admin.switch') }).check()
      await page.getByLabel(t('auth', 'login.email')).fill('admin@example.com')
      await page.getByLabel(t('auth', 'login.password'), { exact: true }).fill('Admin-Demo-1')
      await page.getByRole('button', { name: t('auth', 'login.submit'), exact: true }).click()
      await expect(page).toHaveURL(/\/admin\/users$/)
      await expect(
        page.getByRole('heading', { level: 1, name: t('admin', 'users.title') }),
      ).toBeVisible()

      // An administrator has no "my devices" and is not offered enrollment.
      await page.getByRole('button', { name: t('common', 'nav.menu') }).click()
      const nav = page.getByRole('navigation', { name: t('common', 'nav.label') })
      await expect(nav.getByRole('link', { name: t('common', 'nav.enroll') })).toHaveCount(0)
      await page.getByRole('button', { name: t('common', 'nav.menu') }).click()
      await page.goto('/enroll')
      await expect(page).toHaveURL(/\/admin\/users$/)

      // Typed key by key, as a person does: the field keeps focus while the address follows it.
      const search = page.getByLabel(t('admin', 'users.search'))
      await search.pressSequentially('anna')
      await expect(search).toBeFocused()
      await expect(search).toHaveValue('anna')
      await expect(page).toHaveURL(/\/admin\/users\?q=anna$/)
      await expect(page.locator('main .list-count')).toHaveText(
        t('admin', 'users.countFiltered_other', { count: 3, shown: 1 }),
      )
      await page.getByRole('link', { name: 'Anna Berger' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Anna Berger' })).toBeVisible()
      // Her devices in the order of every device list: by name.
      const devices = page.getByRole('region', {
        name: new RegExp(`^${t('admin', 'user.devices')}`),
      })
      await expect(devices.getByRole('listitem').getByRole('heading')).toHaveText([
        "Anna's iPhone",
        "Anna's MacBook Pro",
        "Anna's Pixel",
      ])
      await page.getByRole('link', { name: "Anna's iPhone", exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Anna Berger' })).toBeVisible()

      const lostMode = countRequests(page, 'device/enablelostmode')
      await page.getByRole('button', { name: t('devices', 'actions.lostMode.turnOn') }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel(t('devices', 'form.lostMessage')).fill('Please call the help desk.')
      await dialog.getByLabel(t('devices', 'form.phone')).fill('+49 89 1234567')
      await clickTwice(dialog.getByRole('button', { name: t('devices', 'lostMode.confirm') }))
      await expect(dialog).toBeHidden()
      await expect(page.getByText(t('devices', 'pending.lostModeOn')).first()).toBeVisible()
      await control.complete()
      await expect(
        page.getByText(t('devices', 'done.lostModeOn', { name: "Anna's iPhone" })),
      ).toBeVisible({ timeout: 20_000 })
      expect(lostMode.count).toBe(1)

      // Lost mode leads with the location: the portal asks for it at once, without a dialog,
      // and the button says it is on its way instead of asking a second time.
      const locate = page.getByRole('button', { name: t('devices', 'actions.locate.button') })
      await expect(locate).toHaveAttribute('aria-busy', 'true')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page.getByText(t('devices', 'pending.locate')).first()).toBeVisible()
      await control.complete()
      await expect(
        page.getByText(t('devices', 'done.locate', { name: "Anna's iPhone" })),
      ).toBeVisible({ timeout: 20_000 })
      await expect(
        page.getByRole('link', { name: new RegExp(t('devices', 'location.openMap')) }),
      ).toBeVisible()
    })

    test('an administrator invites a new colleague, whose invitation arrives in the demo mailbox', async ({
      page,
      signInAdmin,
      control,
    }) => {
      await signInAdmin('/admin/devices')
      await goTo(page, t('common', 'nav.users'))
      const creates = countRequests(page, 'user/create')
      await page.getByRole('button', { name: t('admin', 'users.invite') }).click()
      const dialog = page.getByRole('dialog', { name: t('admin', 'invite.title') })
      await dialog.getByLabel(t('admin', 'invite.email')).fill('clara@example.com')
      await dialog.getByLabel(new RegExp(t('admin', 'invite.firstname'))).fill('Clara')
      await dialog.getByLabel(new RegExp(t('admin', 'invite.lastname'))).fill('Schmidt')
      await dialog
        .getByRole('radio', { name: t('admin', language === 'de' ? 'invite.de' : 'invite.en') })
        .check()
      await expect(
        dialog.getByRole('checkbox', { name: t('admin', 'invite.sendEmail') }),
      ).toBeChecked()
      await clickTwice(
        dialog.getByRole('button', { name: t('admin', 'invite.submit'), exact: true }),
      )
      await expect(dialog).toBeHidden()
      await expect(
        page.getByText(t('admin', 'users.invitedMail', { name: 'Clara Schmidt' })),
      ).toBeVisible()
      expect(creates.count).toBe(1)
      await expect(page.getByRole('link', { name: 'Clara Schmidt', exact: true })).toBeVisible()

      const [mail] = await control.outbox()
      expect(mail).toMatchObject({ to: 'clara@example.com', subject: MAIL_SUBJECT[language] })
      await page.goto('/outbox')
      await expect(page.getByText(MAIL_SUBJECT[language]).first()).toBeVisible()
      await expect(page.getByText('clara@example.com').first()).toBeVisible()
      // The invitation's long link wraps: the demo mailbox does not scroll sideways on a phone.
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }))
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    })

    test('a search that finds no one: showing all again leaves the keyboard at the search box', async ({
      page,
      signInAdmin,
    }) => {
      await signInAdmin()
      const search = page.getByLabel(t('admin', 'users.search'))
      await search.fill('nobody at all')
      // The button goes with the empty list it is on: the keyboard is not sent to the page's start.
      await expect(
        page.getByRole('heading', {
          name: t('common', 'noMatch.search_users', { query: 'nobody at all' }),
        }),
      ).toBeVisible()
      await page.getByRole('button', { name: t('common', 'noMatch.clearSearch') }).press('Enter')
      await expect(page.getByRole('link', { name: 'Anna Berger' })).toBeVisible()
      await expect(search).toHaveValue('')
      await expect(search).toBeFocused()
    })

    test('the invitations and deletions stand apart from the users above them', async ({
      page,
      signInAdmin,
    }) => {
      await signInAdmin()
      // As far from the list as a page's sections are from each other.
      const changes = page.getByRole('heading', {
        level: 2,
        name: t('records', 'userChanges.title'),
      })
      const gapAbove = async (above: Locator) => {
        const box = await above.boundingBox()
        const heading = await changes.boundingBox()
        return (heading?.y ?? 0) - ((box?.y ?? 0) + (box?.height ?? 0))
      }
      expect(
        await gapAbove(page.getByRole('list').filter({ hasText: 'Anna Berger' })),
      ).toBeGreaterThanOrEqual(24)
      // And from what says that a search found no one.
      await page.getByLabel(t('admin', 'users.search')).fill('zzz')
      const noMatch = page
        .locator('.empty-state')
        .filter({ hasText: t('common', 'noMatch.search_users', { query: 'zzz' }) })
      await expect(noMatch).toBeVisible()
      expect(await gapAbove(noMatch)).toBeGreaterThanOrEqual(24)
    })

    test('the device search finds by what it names: device, model, serial number, the owner by name and e-mail', async ({
      page,
      signInAdmin,
    }) => {
      await signInAdmin('/admin/devices')
      const search = page.getByLabel(t('admin', 'devices.search'))
      const iphone = page.getByRole('link', { name: "Anna's iPhone", exact: true })
      const galaxy = page.getByRole('link', { name: 'Bens Galaxy S23', exact: true })
      await expect(iphone).toBeVisible()
      for (const [query, found, other] of [
        ["anna's iphone", iphone, galaxy],
        ['iPhone 15 Pro', iphone, galaxy],
        ['F2LXK4Q9N7PQ', iphone, galaxy],
        ['Ben Keller', galaxy, iphone],
        ['ben@example.com', galaxy, iphone],
        ['anna@example', iphone, galaxy],
      ] as const) {
        await search.fill(query)
        await expect(found).toBeVisible()
        await expect(other).toBeHidden()
      }
      // The word before each card's owner is no owner's: it finds nothing, and the card that
      // says so names what the search reads.
      const word = t('admin', 'owner.label', { name: '' }).replace(/[:\s]+$/, '')
      await search.fill(word)
      await expect(
        page.getByRole('heading', { name: t('common', 'noMatch.search_devices', { query: word }) }),
      ).toBeVisible()
      await expect(page.getByText(t('admin', 'devices.noMatchSearch'))).toBeVisible()
    })

    test('devices that match nothing: showing all or clearing the filters keeps the keyboard in the list', async ({
      page,
      signInAdmin,
    }) => {
      await signInAdmin('/admin/devices')
      const search = page.getByLabel(t('admin', 'devices.search'))
      await search.fill('nothing like it')
      // Each button goes once pressed: the keyboard is not sent to the page's start.
      await page.getByRole('button', { name: t('common', 'noMatch.clearSearch') }).press('Enter')
      await expect(page.getByRole('link', { name: "Anna's iPhone", exact: true })).toBeVisible()
      await expect(search).toBeFocused()

      const filters = page.getByText(t('devices', 'filters.title'), { exact: true })
      await filters.click()
      await page
        .getByLabel(t('devices', 'filters.managed'))
        .selectOption({ label: t('devices', 'filters.managedNo') })
      await page
        .locator('.device-filters')
        .getByRole('button', { name: t('devices', 'filters.clear') })
        .press('Enter')
      await expect(page.getByLabel(t('devices', 'filters.managed'))).toHaveValue('')
      await expect(filters).toBeFocused()
    })

    test('a name of one long word wraps on the users, the user and the delete dialog; the filters fit', async ({
      page,
      request,
      signInAdmin,
    }) => {
      const token = await tokenOf(request, admin, 'admin')
      const created = await request.post('/api/mdm/v2/user/create', {
        data: {
          token,
          email: 'hubert.blaine.wolfeschlegelsteinhausenbergerdorff@example.com',
          firstname: 'Hubertblainewolfeschlegelsteinhausenbergerdorff',
          lastname: 'Wolfeschlegelsteinhausenbergerdorff',
          sendemail: false,
        },
      })
      expect((await created.json()) as unknown).toMatchObject({ success: true })
      const name =
        'Hubertblainewolfeschlegelsteinhausenbergerdorff Wolfeschlegelsteinhausenbergerdorff'
      const fits = async () => {
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }))
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
      }
      await signInAdmin()
      await page.getByRole('link', { name }).click()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await fits()
      // The activity's filters, two date fields side by side, end inside their own row.
      const filters = page.locator('.activity-filters')
      const row = await filters.boundingBox()
      for (const field of await filters.locator(':is(input, select)').all()) {
        const box = await field.boundingBox()
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(
          (row?.x ?? 0) + (row?.width ?? 0) + 0.5,
        )
      }
      // Its choices are read whole, the longest German one too, on a phone and on a desktop: each
      // select is as wide as it would be with the room it asks for.
      const selectsFit = async () => {
        const widths = await filters.locator('select').evaluateAll((selects) =>
          selects.map((select) => {
            const shown = select.getBoundingClientRect().width
            select.style.width = 'auto'
            const asked = select.getBoundingClientRect().width
            select.style.width = ''
            return { shown, asked }
          }),
        )
        for (const { shown, asked } of widths) expect(shown).toBeGreaterThanOrEqual(asked - 0.5)
      }
      await selectsFit()
      await page.setViewportSize({ width: 1280, height: 800 })
      await selectsFit()
      await page.setViewportSize({ width: 375, height: 800 })
      await page.getByRole('button', { name: t('admin', 'user.delete') }).click()
      const dialog = page.getByRole('dialog', { name: t('admin', 'delete.title', { name }) })
      await expect(dialog).toBeVisible()
      const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)
      expect(overflow).toBe(0)
      await page.keyboard.press('Escape')
      await page.getByRole('link', { name: t('admin', 'user.back') }).click()
      await expect(page.getByRole('link', { name })).toBeVisible()
      await fits()
    })

    test('an administrator deletes a user who has left, after the warning about his device', async ({
      page,
      signInAdmin,
    }) => {
      const deletes = countRequests(page, 'user/delete')
      await signInAdmin()
      await page.getByRole('link', { name: 'Ben Keller' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Ben Keller' })).toBeVisible()
      await page.getByRole('button', { name: t('admin', 'user.delete') }).click()
      const dialog = page.getByRole('dialog', {
        name: t('admin', 'delete.title', { name: 'Ben Keller' }),
      })
      await expect(
        dialog.getByText(t('admin', 'delete.devicesTitle_one', { name: 'Ben Keller', count: 1 })),
      ).toBeVisible()
      await expect(dialog.getByText('Bens Galaxy S23')).toBeVisible()
      const confirmField = dialog.getByLabel(t('admin', 'delete.confirmLabel'))
      await dialog.getByRole('button', { name: t('admin', 'delete.confirm') }).click()
      await expect(dialog.getByText(t('admin', 'delete.confirmMismatch'))).toBeVisible()
      await expect(confirmField).toBeFocused()
      expect(deletes.count).toBe(0)
      await confirmField.fill('ben@example.com')
      await clickTwice(dialog.getByRole('button', { name: t('admin', 'delete.confirm') }))
      await expect(page).toHaveURL(/\/admin\/users$/)
      await expect(
        page.getByText(t('admin', 'users.deleted', { name: 'Ben Keller' })),
      ).toBeVisible()
      await expect(page.getByRole('link', { name: 'Ben Keller' })).toHaveCount(0)
      expect(deletes.count).toBe(1)

      // His phone stays in the tenant, without an owner.
      await goTo(page, t('common', 'nav.devices'))
      await expect(
        page.getByText(t('admin', 'owner.label', { name: t('admin', 'owner.noneShort') })),
      ).toBeVisible()
    })
  })
}

test('the user search keeps every letter while the code the list asks for later is slow', async ({
  page,
  signInAdmin,
}) => {
  const t = textsOf('en')
  // Every file of code asked for once the users have come waits until the user has typed: a
  // part of the page that needed one drawn only then (its texts) held back every render.
  let listed = false
  page.on('response', (response) => {
    if (response.url().endsWith('/api/mdm/v2/user/list')) listed = true
  })
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    if (listed) await held
    await route.continue()
  })
  await signInAdmin()
  await portalRunning(page)
  await expect.poll(() => listed).toBe(true)
  const search = page.getByLabel(t('admin', 'users.search'))
  await search.pressSequentially('anna')
  await expect(search).toHaveValue('anna')
  release()
  await expect(page).toHaveURL(/\/admin\/users\?q=anna$/)
  await expect(search).toHaveValue('anna')
  await expect(page.locator('main .list-count')).toHaveText(
    t('admin', 'users.countFiltered_other', { count: 3, shown: 1 }),
  )
})
