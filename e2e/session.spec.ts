import type { Page } from '@playwright/test'
import { expect, opensWithItsReadFirst, portalRunning, test, users } from './fixtures'

/**
 * The session over time and across tabs: the warning before it ends, the way back to a dialog
 * after signing in again, and new tabs that join the open one. The page's clock and the demo
 * service's clock are moved forward together (the demo token lives 60 minutes).
 */
const IPHONE = '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61'
const MINUTE = 60_000

function countRequests(page: Page, path: string) {
  const counter = { count: 0 }
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/mdm/v2/${path}`)) counter.count++
  })
  return counter
}

async function openLockDialog(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
  await page.getByRole('button', { name: 'Lock…' }).click()
  const lock = page.getByRole('dialog', { name: "Lock Anna's iPhone?" })
  await lock.getByLabel('Message on the lock screen (optional)').fill('Please call me, Anna')
  await lock.getByLabel('Phone number to call (optional)').fill('+49 30 1234567')
  return lock
}

// Each journey crosses sign-in twice or two tabs: on a busy machine that takes a while.
test.describe.configure({ timeout: 90_000 })

test.beforeEach(async ({ control, page }) => {
  await control.settings({ commandDelayMs: 60_000 })
  await page.clock.install()
})

test.describe('session expiry', () => {
  test('a warning comes before the end; "Stay signed in" renews and the dialog stays as it was', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    const renewals = countRequests(page, 'user/renewtoken')
    const locks = countRequests(page, 'device/lockscreen')
    await signIn('anna', `/devices/${IPHONE}`)
    const lock = await openLockDialog(page)

    await control.advanceClock(58 * MINUTE + 5_000)
    await portalRunning(page)
    await page.clock.fastForward(58 * MINUTE + 5_000)
    const warning = page.getByRole('alertdialog', { name: 'Your session is about to end' })
    await expect(warning).toBeVisible()
    // The last two minutes in minutes and seconds, not rounded up to "2 minutes".
    await expect(warning).toContainText(/Time left: 1 minute and \d+ seconds/)
    const stay = warning.getByRole('button', { name: 'Stay signed in' })
    await expect(warning.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expectAccessible()

    // By keyboard: the warning starts on its safe answer, and Enter there extends the session.
    await expect(stay).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(warning).toBeHidden()
    expect(renewals.count).toBe(1)
    await expect(lock.getByLabel('Message on the lock screen (optional)')).toHaveValue(
      'Please call me, Anna',
    )

    // The renewed session outlives the old end; the command goes once, with the new token.
    await control.advanceClock(3 * MINUTE)
    await portalRunning(page)
    await page.clock.fastForward(3 * MINUTE)
    await lock.getByRole('button', { name: 'Lock now' }).click()
    await expect(lock).toBeHidden()
    await expect(page.getByText('Locking…')).toBeVisible()
    expect(locks.count).toBe(1)
  })

  test('after the end, signing in again brings back the dialog with what was typed; nothing is sent by itself', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    const locks = countRequests(page, 'device/lockscreen')
    await signIn('anna', `/devices/${IPHONE}`)
    await openLockDialog(page)

    await control.advanceClock(61 * MINUTE)
    await portalRunning(page)
    await page.clock.fastForward(61 * MINUTE)
    await expect(page).toHaveURL(/\/login\?from=/)
    await expect(page.getByRole('alert')).toHaveText(/Your session has expired/)
    // What was typed is in this tab's sessionStorage only, never in localStorage or the address.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(
      'Please call me',
    )
    expect(page.url()).not.toContain('Please')
    await expectAccessible()

    // The address is known: the form starts in the password field, which is read out with the
    // notice, and the password alone signs in again.
    await expect(page.getByLabel('E-mail address')).toHaveValue(users.anna.email)
    const password = page.getByLabel('Password', { exact: true })
    await expect(password).toBeFocused()
    await expect(password).toHaveAccessibleDescription(/Your session has expired/)
    await page.keyboard.type(users.anna.password)
    await page.keyboard.press('Enter')
    const lock = page.getByRole('dialog', { name: "Lock Anna's iPhone?" })
    await expect(lock).toBeVisible()
    await expect(lock.getByLabel('Message on the lock screen (optional)')).toHaveValue(
      'Please call me, Anna',
    )
    await expect(lock.getByLabel('Phone number to call (optional)')).toHaveValue('+49 30 1234567')
    expect(locks.count).toBe(0)

    await lock.getByRole('button', { name: 'Lock now' }).click()
    await expect(lock).toBeHidden()
    await expect(page.getByText('Locking…')).toBeVisible()
    expect(locks.count).toBe(1)
    // Sent, the draft is gone: a reload shows the page without the dialog.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('an expiry met on the way to another page goes to sign-in without an error, and back after', async ({
    page,
    signIn,
    control,
  }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      // The service's own 401 is the browser's note on a request, not the portal's.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text())
    })
    await page.addInitScript(() => {
      // Whatever the page shows on its way to sign-in, however briefly.
      const seen: string[] = []
      Object.assign(window, { seenHeadings: seen })
      new MutationObserver(() => {
        for (const heading of document.querySelectorAll('h1'))
          if (!seen.includes(heading.textContent ?? '')) seen.push(heading.textContent ?? '')
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    await signIn('anna', `/devices/${IPHONE}`)
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await portalRunning(page)
    await page.waitForLoadState('networkidle')

    // The service's clock alone passes the end: the page learns of it from the next answer.
    await control.advanceClock(61 * MINUTE)
    await page.getByRole('navigation').getByRole('link', { name: 'Enroll a device' }).click()
    await expect(page).toHaveURL(/\/login\?from=%2Fenroll$/)
    await expect(page.getByRole('alert')).toHaveText(/Your session has expired/)
    const seen = await page.evaluate(
      () => (window as unknown as { seenHeadings: string[] }).seenHeadings,
    )
    expect(seen).not.toContain('Something went wrong')
    expect(errors).toEqual([])

    await page.getByLabel('E-mail address').fill(users.anna.email)
    await page.getByLabel('Password', { exact: true }).fill(users.anna.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/enroll$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Which device' })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('someone else signing in on that tab does not get the draft', async ({
    page,
    signIn,
    control,
  }) => {
    await signIn('anna', `/devices/${IPHONE}`)
    await openLockDialog(page)
    await control.advanceClock(61 * MINUTE)
    await portalRunning(page)
    await page.clock.fastForward(61 * MINUTE)
    await expect(page).toHaveURL(/\/login\?from=/)

    await page.getByLabel('E-mail address').fill(users.ben.email)
    await page.getByLabel('Password', { exact: true }).fill(users.ben.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // Ben is taken where the tab was; Anna's iPhone is not among his devices.
    await expect(page).toHaveURL(new RegExp(`/devices/${IPHONE}$`))
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign in')
    expect(await page.evaluate(() => sessionStorage.getItem('mdm.draft'))).toBeNull()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

test.describe('tabs', () => {
  test.describe('with a tab of the portal signed in at the devices', () => {
    test.beforeEach(async ({ page, signIn }) => {
      await signIn('anna', '/devices')
      await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible()
    })

    test('a new tab of the portal joins the open session; renewal reaches it; sign-out ends both', async ({
      page,
      context,
      control,
    }) => {
      // Like a Ctrl+click on a device: a tab with nothing in its sessionStorage.
      const other = await context.newPage()
      const signInShown = { seen: false }
      other.on('framenavigated', (frame) => {
        if (frame.url().includes('/login')) signInShown.seen = true
      })
      await other.goto(`/devices/${IPHONE}`)
      await expect(other.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
      expect(signInShown.seen).toBe(false)
      const token = () => page.evaluate(() => sessionStorage.getItem('mdm.session'))
      const otherToken = () => other.evaluate(() => sessionStorage.getItem('mdm.session'))
      expect(await otherToken()).toBe(await token())
      expect(await other.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(
        String(await token()),
      )

      // The first tab stays signed in when its warning says so; the other tab takes the new token.
      await control.advanceClock(58 * MINUTE + 5_000)
      await portalRunning(page)
      await page.clock.fastForward(58 * MINUTE + 5_000)
      await page
        .getByRole('alertdialog', { name: 'Your session is about to end' })
        .getByRole('button', { name: 'Stay signed in' })
        .click()
      await expect(page.getByRole('alertdialog')).toBeHidden()
      const renewed = await token()
      await expect.poll(otherToken).toBe(renewed)

      await page.getByRole('button', { name: /^Signed in as/ }).click()
      await page.getByRole('button', { name: 'Sign out' }).click()
      await expect(page).toHaveURL(/\/login$/)
      await expect(other).toHaveURL(/\/login$/)
    })

    test("a device's page asks for its device before the portal's code has come, in a new tab or reloaded", async ({
      page,
      context,
    }) => {
      // In a new tab, the open tab hands the session over; reloaded, the tab has its own.
      const iphone = { path: `/devices/${IPHONE}`, heading: "Anna's iPhone" }
      await opensWithItsReadFirst(await context.newPage(), iphone)
      await opensWithItsReadFirst(page, iphone)
    })

    test("the portal's address opened in a new tab leads to the open session's first screen", async ({
      page,
      context,
    }) => {
      // Like a bookmark of the portal's address: sign-in takes typing at once, and the session an
      // open tab hands over then leads on.
      const other = await context.newPage()
      await other.goto('/')
      await expect(other).toHaveURL(/\/devices$/)
      await expect(other.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible()
      expect(await other.evaluate(() => sessionStorage.getItem('mdm.session'))).toBe(
        await page.evaluate(() => sessionStorage.getItem('mdm.session')),
      )
    })

    test('a new tab that hears from the open one only late goes on from sign-in to its page', async ({
      page,
      context,
    }) => {
      // The open tab's answer is held until the new tab has shown sign-in, as on a loaded machine
      // where it comes only after the new tab stopped waiting. The test lets it go, not a timer.
      await page.evaluate(() => {
        const post = BroadcastChannel.prototype.postMessage
        const held: (() => void)[] = []
        BroadcastChannel.prototype.postMessage = function (message: unknown) {
          const isAnswer = typeof message === 'object' && message !== null && 'to' in message
          if (isAnswer) held.push(() => post.call(this, message))
          else post.call(this, message)
        }
        Object.assign(window, {
          releaseAnswer: () => {
            BroadcastChannel.prototype.postMessage = post
            for (const send of held) send()
            return held.length
          },
        })
      })
      const other = await context.newPage()
      await other.goto(`/devices/${IPHONE}`)
      await expect(other.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
      const released = await page.evaluate(() =>
        (window as unknown as { releaseAnswer: () => number }).releaseAnswer(),
      )
      // The open tab did answer (and only late): otherwise sign-in above proves nothing.
      expect(released).toBeGreaterThan(0)
      await expect(other).toHaveURL(new RegExp(`/devices/${IPHONE}$`))
      await expect(other.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    })
  })

  test('a tab opened with no other tab open shows sign-in', async ({ page }) => {
    await page.goto('/devices')
    await expect(page).toHaveURL(/\/login\?from=%2Fdevices$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  })
})
