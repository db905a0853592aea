import type { APIRequestContext, Page, Response } from '@playwright/test'
import { beside, expect, portalRunning, test, users, type OutboxMail } from './fixtures'
import { watchLayoutShifts } from './layout-shifts'

async function signInWith(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The portal path of the newest mail's link to someone, e.g. `/reset-password?token=…`. */
function linkTo(mails: OutboxMail[], to: string, kind: string): string {
  const mail = mails.filter((entry) => entry.to === to && entry.kind === kind).at(-1)
  const link = mail?.links[0]
  if (!link) throw new Error(`No ${kind} mail to ${to}`)
  const url = new URL(link)
  return url.pathname + url.search
}

/** Anna's reset link, and a way to use it as another tab would. */
async function annasResetLink(
  request: APIRequestContext,
  control: { outbox(): Promise<OutboxMail[]> },
) {
  await request.post('/api/mdm/v2/user/forgotpassword', {
    data: { emailaddress: users.anna.email, usertype: 'user' },
  })
  const link = linkTo(await control.outbox(), users.anna.email, 'reset')
  const token = new URL(link, 'http://portal').searchParams.get('token')
  const useElsewhere = () =>
    request.post('/api/mdm/v2/user/resetpassword', {
      data: { token, newpassword: 'Other-Pass-8', confirmnewpassword: 'Other-Pass-8' },
    })
  return { link, useElsewhere }
}

test.describe('forgotten password', () => {
  test('the e-mail link alone gets Anna back in; the old password and the used link fail', async ({
    page,
    control,
    expectAccessible,
  }) => {
    // Five axe runs and two password hashes: longer than a journey's default on a busy machine.
    test.slow()
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeVisible()
    await expectAccessible()
    await page.getByLabel('E-mail address').fill(users.anna.email)
    await page.getByRole('button', { name: 'Send link' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible()
    await expect(page.getByText(`If there is an account for ${users.anna.email}`)).toBeVisible()
    await expectAccessible()

    // The link: its token leaves the address bar at once, and no request carries it on.
    const link = linkTo(await control.outbox(), users.anna.email, 'reset')
    const referrers: (string | undefined)[] = []
    page.on('request', (request) => referrers.push(request.headers()['referer']))
    await page.goto(link)
    // That the link names its account stays, for a reload to be drawn with the account's line.
    await expect(page).toHaveURL(/\/reset-password\?account=1$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible()
    await expect(page.getByText(`Hello ${users.anna.name}`)).toBeVisible()
    // The page asks for no referrer; the browser's own request for the page's icon may still name
    // the page, but by then the token has left the address.
    const token = new URL(link, 'http://portal').searchParams.get('token') ?? ''
    expect(token).not.toBe('')
    expect(referrers.filter((referrer) => referrer?.includes(token))).toEqual([])
    expect(
      referrers.filter((referrer) => referrer && !referrer.endsWith('/reset-password?account=1')),
    ).toEqual([])

    // The rules are there before typing; a reload keeps the link.
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
      /^At least 8 characters \(not met yet\)/,
    )
    await page.reload()
    await expect(page.getByText(`Hello ${users.anna.name}`)).toBeVisible()
    await expect(page).toHaveURL(/\/reset-password\?account=1$/)
    await expect(page.getByText(`Your account: ${users.anna.email}`)).toBeVisible()
    await expectAccessible()

    const fresh = page.getByLabel('New password', { exact: true })
    const repeat = page.getByLabel('Confirm password')
    await fresh.fill('short')
    await repeat.fill('shorter')
    await expect(page.getByText('Not confirmed yet: the passwords do not match.')).toBeVisible()
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(fresh).toBeFocused()
    await expect(fresh).toHaveAccessibleDescription(/needs at least 8 characters/)
    await expectAccessible()
    // The same weak password twice is not a finished form: nothing there says they match.
    await repeat.fill('short')
    await expect(page.getByText('Confirmed, but the new password')).toBeVisible()
    await expect(page.getByText('Confirmed: the passwords match.')).toHaveCount(0)

    await fresh.fill('Fresh-Start-7')
    await repeat.fill('Fresh-Start-7')
    await expect(page.getByText('Confirmed: the passwords match.')).toBeVisible()
    await page.getByRole('button', { name: 'Save new password' }).click()

    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText('Your new password is set')).toBeVisible()
    await expect(page.getByLabel('E-mail address')).toHaveValue(users.anna.email)
    await signInWith(page, users.anna.email, users.anna.password)
    await expect(page.getByRole('alert')).toHaveText(
      'The e-mail address or the password is not correct.',
    )
    await page.getByLabel('Password', { exact: true }).fill('Fresh-Start-7')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/devices$/)

    // The link worked once only.
    await page.getByRole('button', { name: /^Signed in as/ }).click()
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.goto(link)
    await expect(
      page.getByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeVisible()
    await expectAccessible()
    await page.getByRole('link', { name: 'Request a new link' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
  })

  test('a link used elsewhere while its form is open: saving says so, and the focus goes there', async ({
    page,
    request,
    control,
  }) => {
    const { link, useElsewhere } = await annasResetLink(request, control)
    await page.goto(link)
    await expect(page.getByText(`Hello ${users.anna.name}`)).toBeVisible()
    // The same link is used in another tab before this one saves.
    await useElsewhere()
    await page.getByLabel('New password', { exact: true }).fill('Better-Pass-3')
    await page.getByLabel('Confirm password').fill('Better-Pass-3')
    await page.keyboard.press('Enter')
    const heading = page.getByRole('heading', { level: 1, name: 'This link no longer works' })
    await expect(heading).toBeVisible()
    // The form the user was in is gone: the focus is on what took its place, not the document.
    await expect(page.locator(':focus')).toContainText('This link no longer works')
  })

  test('a link found used while its form is being filled in: the focus goes to what says so, not the document', async ({
    page,
    request,
    control,
  }) => {
    const { link, useElsewhere } = await annasResetLink(request, control)
    await useElsewhere()
    // The link's check answers while the user is already typing in the form.
    let answer = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    await page.route('**/api/mdm/v2/user/resetpasswordinfo', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(link)
    await portalRunning(page)
    await page.getByLabel('New password', { exact: true }).fill('Better-Pa')
    answer()
    const heading = page.getByRole('heading', { level: 1, name: 'This link no longer works' })
    await expect(heading).toBeVisible()
    await expect(page.locator(':focus')).toContainText('This link no longer works')

    // Where the focus was elsewhere (the language switch), it stays there.
    const again = new Promise<void>((resolve) => (answer = resolve))
    await page.unroute('**/api/mdm/v2/user/resetpasswordinfo')
    await page.route('**/api/mdm/v2/user/resetpasswordinfo', async (route) => {
      await again
      await route.continue()
    })
    await page.goto(link)
    await portalRunning(page)
    const language = page.getByLabel('Language')
    await language.focus()
    answer()
    await expect(heading).toBeVisible()
    await expect(language).toBeFocused()
  })

  test('the address typed at sign-in goes along to "Forgot password?", and back', async ({
    page,
  }) => {
    await page.goto('/login')
    await signInWith(page, users.anna.email, 'not-it-1')
    await expect(page.getByRole('alert')).toBeVisible()
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeVisible()
    const email = page.getByLabel('E-mail address')
    await expect(email).toHaveValue(users.anna.email)
    // Corrected here, the address is the one sign-in shows on the way back.
    await email.fill(users.ben.email)
    await page.getByRole('link', { name: 'Back to sign-in' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.getByLabel('E-mail address')).toHaveValue(users.ben.email)
  })

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' })

    test('an unknown address gets the very same confirmation', async ({
      page,
      control,
      expectAccessible,
    }) => {
      const confirmationFor = async (email: string) => {
        await page.goto('/forgot-password')
        await page.getByLabel('E-Mail-Adresse').fill(email)
        await page.getByRole('button', { name: 'Link senden' }).click()
        const heading = page.getByRole('heading', { level: 1 })
        await expect(heading).toHaveText('Sehen Sie in Ihr Postfach')
        return (await page.getByRole('main').innerText()).replace(email, '<address>')
      }
      const known = await confirmationFor(users.ben.email)
      const unknown = await confirmationFor('nobody@example.com')
      expect(unknown).toBe(known)
      await expectAccessible()
      const mails = await control.outbox()
      expect(mails.filter((mail) => mail.to === 'nobody@example.com')).toEqual([])
      expect(
        mails.filter((mail) => mail.to === users.ben.email && mail.kind === 'reset'),
      ).toHaveLength(1)

      // A broken link says so in German, with the way to a new one.
      await page.goto('/reset-password?token=not-a-real-token')
      await expect(page).toHaveURL(/\/reset-password$/)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Dieser Link funktioniert nicht mehr' }),
      ).toBeVisible()
      await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible()
      // So does a token too long for the service to read, before any password is typed.
      await page.goto(`/reset-password?token=${'A'.repeat(1200)}`)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Dieser Link funktioniert nicht mehr' }),
      ).toBeVisible()
    })
  })
})

/**
 * The account's line of a password link's page: its height, and where its address breaks (the
 * character before each break).
 */
function accountLine(page: Page) {
  return page.locator('.password-page__account').evaluate((line) => {
    const ends: string[] = []
    let top: number | null = null
    let last = ''
    const address = line.querySelector('.email-address') ?? line
    const walker = document.createTreeWalker(address, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange()
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        const { top: charTop } = range.getBoundingClientRect()
        if (top !== null && charTop > top + 4) ends.push(last)
        top = charTop
        last = text.charAt(index)
      }
    }
    return { height: Math.round(line.getBoundingClientRect().height), ends }
  })
}

test.describe('a password link for a long address, on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('names the account on the lines it keeps from the first paint, broken after its @ and dots only', async ({
    page,
    browser,
    request,
    control,
    world,
  }) => {
    const { link } = await annasResetLink(request, control)
    const long = 'maximilian.mustermann-schmidt@verwaltung.example-konzern.de'
    const url = new URL(link, 'http://portal')
    url.searchParams.set('email', long)
    const address = url.pathname + url.search

    // The page as the server draws it, which a browser without the portal's code keeps.
    const drawn = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 800 },
      extraHTTPHeaders: { 'x-mdm-world': world },
    })
    const drawnPage = await drawn.newPage()
    await drawnPage.goto(address)
    await expect(drawnPage.locator('.password-page__account')).toHaveText(`Your account: ${long}`)
    const first = await accountLine(drawnPage)
    await drawn.close()
    // More than one line, the address broken after a dot or the @: never after a hyphen.
    expect(first.ends.length).toBeGreaterThan(0)
    for (const end of first.ends) expect(['@', '.']).toContain(end)

    // Taken over by the portal: the same lines, and nothing on the page moved.
    const shifts = await watchLayoutShifts(page)
    await page.goto(address)
    await portalRunning(page)
    await expect(page.getByText(`Hello ${users.anna.name}`)).toBeVisible()
    await expect(page.locator('.password-page__account')).toHaveText(`Your account: ${long}`)
    expect(await accountLine(page)).toEqual(first)
    expect(await shifts()).toEqual([])
  })
})

test('a reset link takes typing before its answer; the greeting then fills the line kept for it', async ({
  page,
  request,
  control,
  expectAccessible,
}) => {
  const asked = await request.post('/api/mdm/v2/user/forgotpassword', {
    data: { emailaddress: users.anna.email, usertype: 'user' },
  })
  expect(asked.ok()).toBe(true)
  const link = linkTo(await control.outbox(), users.anna.email, 'reset')
  let answer: () => void = () => {}
  const answered = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/api/mdm/v2/user/resetpasswordinfo', async (route) => {
    await answered
    await route.continue()
  })
  await page.goto(link)
  const fresh = page.getByLabel('New password', { exact: true })
  await fresh.fill('Typed-Early-4')
  await page.getByLabel('Confirm password').fill('Typed-Early-4')
  const lead = page.locator('.page__lead')
  const kept = await lead.boundingBox()
  const form = await fresh.boundingBox()
  await expectAccessible()

  answer()
  await expect(lead).toHaveText(`Hello ${users.anna.name}`)
  // The greeting took the line it had: neither it nor the form moved, and the typing stayed.
  expect(await lead.boundingBox()).toEqual(kept)
  expect(await fresh.boundingBox()).toEqual(form)
  await expect(fresh).toHaveValue('Typed-Early-4')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByText('Your new password is set')).toBeVisible()
})

test('a reset link opened in a signed-in tab opens its form, says saving signs out, and does', async ({
  page,
  request,
  control,
  signIn,
  expectAccessible,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await signIn('ben', '/devices')
  await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
  const asked = await request.post('/api/mdm/v2/user/forgotpassword', {
    data: { emailaddress: users.ben.email, usertype: 'user' },
  })
  expect(asked.ok()).toBe(true)
  await page.goto(linkTo(await control.outbox(), users.ben.email, 'reset'))
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await expect(page.getByText('Saving the password signs this browser out')).toBeVisible()
  await expectAccessible()
  await page.getByLabel('New password', { exact: true }).fill('Signed-In-Reset-7')
  await page.getByLabel('Confirm password').fill('Signed-In-Reset-7')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Your new password is set')).toBeVisible()
  await expect(page.getByLabel('E-mail address')).toHaveValue(users.ben.email)
  await page.getByLabel('Password', { exact: true }).fill('Signed-In-Reset-7')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
  // The page drawn without the notice was drawn anew, not taken over as if it matched.
  expect(errors).toEqual([])
})

test('the link page opened without a link says so, and React takes the page over without an error', async ({
  page,
  expectAccessible,
}) => {
  // Unhandled errors fail every test (fixtures.ts); what React only logs is caught here.
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto('/reset-password')
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link no longer works' }),
  ).toBeVisible()
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible()
  await expectAccessible()
  // The drawn form was not taken over as if it were this page (React error #418).
  expect(errors).toEqual([])
})

test('the invitation page is drawn with the words it shows, also when reloaded', async ({
  page,
  control,
}) => {
  // Unhandled errors fail every test (fixtures.ts); what React only logs is caught here.
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  /** The page's heading as the server drew it, before the portal's code ran. */
  const drawnHeading = async (response: Response | null) =>
    /<h1[^>]*>(.*?)<\/h1>/s.exec((await response?.text()) ?? '')?.[1]?.replace(/<[^>]*>/g, '')
  const heading = page.getByRole('heading', { level: 1, name: 'Set your password' })

  const link = linkTo(await control.outbox(), 'new@example.com', 'invitation')
  expect(await drawnHeading(await page.goto(link))).toBe('Set your password')
  await portalRunning(page)
  await expect(heading).toBeVisible()
  await expect(page).not.toHaveURL(/token=/)

  // A phone reloads the tab while its owner looks up the rules: the page keeps its words.
  expect(await drawnHeading(await page.reload())).toBe('Set your password')
  await portalRunning(page)
  await expect(heading).toBeVisible()
  await expect(page.getByText(/^Welcome, /)).toBeVisible()
  expect(errors).toEqual([])
})

test('the invitation sets a first password and leads on to enrollment', async ({
  page,
  control,
  expectAccessible,
}) => {
  const link = linkTo(await control.outbox(), 'new@example.com', 'invitation')
  expect(link).toContain('join=1')
  await page.goto(link)
  // The token leaves the address; that it is an invitation for a named account stays, for a
  // reload to be drawn so.
  await expect(page).toHaveURL(/\/reset-password\?join=1&account=1$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible()
  await expect(page.getByText(/^Welcome, /)).toBeVisible()
  await expectAccessible()

  await page.getByLabel('New password', { exact: true }).fill('First-Pass-1')
  await page.getByLabel('Confirm password').fill('First-Pass-1')
  await page.getByRole('button', { name: 'Set password' }).click()

  await expect(page).toHaveURL(/\/login\?from=%2Fenroll$/)
  await expect(page.getByText('Your password is set')).toBeVisible()
  // The page knew who it greeted: the address is filled in, and the demo says nothing stale.
  await expect(page.getByLabel('E-mail address')).toHaveValue('new@example.com')
  await expect(page.getByText('has no password')).toHaveCount(0)
  await expectAccessible()
  await signInWith(page, 'new@example.com', 'First-Pass-1')
  await expect(page).toHaveURL(/\/enroll$/)
  const mails = await control.outbox()
  expect(mails.some((mail) => mail.to === 'new@example.com' && mail.kind === 'enrollment')).toBe(
    true,
  )

  // No device yet: the list invites to enroll, with nothing to search or filter.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Devices' })
    .click()
  await expect(page.getByRole('heading', { level: 2, name: 'No devices yet' })).toBeVisible()
  await expect(page.getByLabel('Search by name, model, serial number, IMEI or OS')).toHaveCount(0)
  await expect(page.getByText('0 devices')).toHaveCount(0)
  await expectAccessible()
})

test('changing the password on the account page', async ({
  page,
  browser,
  world,
  signIn,
  expectAccessible,
}) => {
  // Ben is also signed in in another browser.
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-mdm-world': world } })
  const otherPage = await other.newPage()
  await otherPage.goto('/login')
  await signInWith(otherPage, users.ben.email, users.ben.password)
  await expect(otherPage.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()

  await signIn('ben', '/account')
  const form = page.getByRole('region', { name: 'Change password' })
  await expect(form).toBeVisible()
  const current = form.getByLabel('Current password', { exact: true })
  const fresh = form.getByLabel('New password', { exact: true })
  const repeat = form.getByLabel('Confirm password')

  // Checked here first: nothing filled in.
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(current).toBeFocused()
  await expect(current).toHaveAccessibleDescription('Enter your current password.')

  // The current password is no new password: said before anything is sent.
  await current.fill(users.ben.password)
  await fresh.fill(users.ben.password)
  await repeat.fill(users.ben.password)
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(fresh).toBeFocused()
  await expect(fresh).toHaveAccessibleDescription(
    /The new password must differ from your current one\./,
  )

  // Refused by the service: the wrong current password, next to its field.
  await current.fill('not-my-password-1')
  await fresh.fill('Better-Pass-3')
  await repeat.fill('Better-Pass-3')
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(current).toHaveAccessibleDescription('Your current password is not correct.')
  await expect(current).toBeFocused()
  await expect(fresh).toHaveValue('Better-Pass-3')
  await expectAccessible()

  await current.fill(users.ben.password)
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(form.getByRole('status')).toHaveText(
    /^Your password has been changed, and every other browser signed in with your account has been signed out\./,
  )
  await expect(current).toHaveValue('')
  // The other browser is gone from the list, and its next request lands on sign-in.
  await expect(page.getByText('You are signed in in this browser only.')).toBeVisible()
  await otherPage.getByRole('link', { name: 'Apps' }).first().click()
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await other.close()

  // The new password is the one that works now.
  await page.getByRole('region', { name: 'Sign out' }).getByRole('button').click()
  await signInWith(page, users.ben.email, users.ben.password)
  await expect(page.getByRole('alert')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('Better-Pass-3')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/devices$/)
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the confirmation of a changed password comes into view: the emptied form alone says nothing', async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/account')
    const form = page.getByRole('region', { name: 'Change password' })
    await form.getByLabel('Current password', { exact: true }).fill(users.anna.password)
    await form.getByLabel('New password', { exact: true }).fill('Better-Pass-3')
    await form.getByLabel('Confirm password').fill('Better-Pass-3')
    // Pressed where a phone shows it, below the card's lead: the confirmation lands above.
    await form.getByRole('button', { name: 'Change password' }).click()
    const confirmation = form.getByRole('status')
    await expect(confirmation).toHaveText(/^Your password has been changed/)
    await expect(confirmation).toBeInViewport({ ratio: 1 })
  })
})

test('the account page stays whole when the user record cannot be read: the card says so and retries', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await page.route('**/api/mdm/v2/user/info', (route) => route.abort('internetdisconnected'))
  await signIn('anna', '/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  const details = page.getByRole('region', { name: 'Personal details' })
  const failure = details.getByRole('alert')
  await expect(failure).toContainText('The service cannot be reached', { timeout: 20_000 })
  // The rest of the page is there to use.
  await expect(page.getByRole('region', { name: 'Change password' })).toBeVisible()
  await expectAccessible()

  await page.unroute('**/api/mdm/v2/user/info')
  await beside(failure).getByRole('button', { name: 'Try again' }).click()
  await expect(details).toContainText(users.anna.name)
  await expect(failure).toHaveCount(0)
})
