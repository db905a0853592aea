import type { Locator, Page } from '@playwright/test'
import { expect, portalRunning, test, users } from './fixtures'

/**
 * One journey with the keyboard alone (no clicks): sign in, open a device, lock it through its
 * dialog, sign out. Where focus lands matters, and it must always be visible.
 */

async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused()
  expect(await target.evaluate((element) => element.matches(':focus-visible'))).toBe(true)
}

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 40 } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) break
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  await expectVisibleFocus(target)
}

test('sign in, lock a device and sign out with the keyboard alone', async ({ page, control }) => {
  await control.settings({ commandDelayMs: 60_000 })
  await page.goto('/login')

  const email = page.getByLabel('E-mail address')
  await tabTo(page, email)
  await page.keyboard.type(users.anna.email)
  await tabTo(page, page.getByLabel('Password', { exact: true }))
  await page.keyboard.type(users.anna.password)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
  // Signed in, focus starts on the new page's content, not on the body.
  await expect(page.getByRole('main')).toBeFocused()

  // The skip link comes first and takes focus past the header.
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await tabTo(page, skip, { backwards: true, limit: 20 })
  await expectVisibleFocus(skip)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()

  const device = page.getByRole('link', { name: "Anna's iPhone", exact: true })
  await tabTo(page, device)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()

  // Escape closes the dialog and gives focus back to the button that opened it.
  const lock = page.getByRole('button', { name: 'Lock…' })
  await tabTo(page, lock)
  await page.keyboard.press('Space')
  const dialog = page.getByRole('dialog', { name: "Lock Anna's iPhone?" })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expectVisibleFocus(lock)

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  // A dialog with fields starts on its first one, not on the close button before it.
  const message = dialog.getByLabel('Message on the lock screen (optional)')
  await expectVisibleFocus(message)
  await page.keyboard.type('This phone belongs to Anna Berger.')
  await tabTo(page, dialog.getByLabel('Phone number to call'))
  await page.keyboard.type('+49 30 1234567')
  const confirm = dialog.getByRole('button', { name: 'Lock now' })
  await tabTo(page, confirm)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(
    page.getByText("Sent to Anna's iPhone. Waiting for the device to answer…"),
  ).toBeVisible()
  await expect(lock).toBeFocused()

  await control.complete()
  await expect(page.getByText("Anna's iPhone is locked.")).toBeVisible({ timeout: 20_000 })

  // The account's menu, at the header's end, holds sign-out; Escape closes it again.
  const account = page.getByRole('button', { name: /^Signed in as Anna Berger/ })
  await tabTo(page, account, { backwards: true, limit: 60 })
  await page.keyboard.press('Enter')
  await expect(account).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(account).toHaveAttribute('aria-expanded', 'false')
  await expect(account).toBeFocused()
  await page.keyboard.press('Enter')
  const signOut = page.getByRole('button', { name: 'Sign out' })
  await tabTo(page, signOut, { limit: 5 })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await expect(page.getByText('You have signed out.')).toBeVisible()
  // Signed out, focus is on the sign-in page's content, not lost on the body.
  await expect(page.getByRole('main')).toBeFocused()
})

test('a dialog that destroys and asks for nothing starts on Cancel; a wipe on its first choice', async ({
  page,
  signIn,
}) => {
  await signIn('anna', '/devices')
  await page.getByRole('link', { name: "Anna's iPhone", exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()

  // Clearing an iPhone's passcode has nothing to fill in: Enter at once must not send it.
  const reset = page.getByRole('button', { name: 'Reset passcode…' })
  await reset.focus()
  await page.keyboard.press('Enter')
  const clear = page.getByRole('dialog')
  await expect(clear).toBeVisible()
  await expectVisibleFocus(clear.getByRole('button', { name: 'Cancel' }))
  await page.keyboard.press('Enter')
  await expect(clear).toBeHidden()
  await expect(reset).toBeFocused()

  // A wipe asks what to wipe first: the focus is on the choice made, the group's stop for Tab.
  const wipe = page.getByRole('button', { name: 'Wipe…' })
  await wipe.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expectVisibleFocus(dialog.getByRole('radio', { name: 'Work data only', checked: true }))
})

test.describe('with large text on a phone', () => {
  test.use({ locale: 'de-DE', viewport: { width: 375, height: 740 } })

  test('the skip link stays out of sight until it has focus, over however many lines', async ({
    page,
    signIn,
  }) => {
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Geräte' })).toBeVisible()
    // The page the server drew takes no focus until the portal has taken it over.
    await portalRunning(page)
    // Text at twice the default size, as a browser's font setting makes it.
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'))
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' })
    const box = () =>
      skip.evaluate((element) => {
        const { top, bottom, height } = element.getBoundingClientRect()
        return { top, bottom, height }
      })
    // Measured once the larger text has been laid out: two lines or more.
    await expect.poll(async () => (await box()).height).toBeGreaterThan(60)
    expect((await box()).bottom).toBeLessThanOrEqual(0)
    await skip.focus()
    // Once focus has drawn it in (the page may still be laying out the larger text).
    await expect.poll(async () => (await box()).top).toBeGreaterThanOrEqual(0)
  })
})
