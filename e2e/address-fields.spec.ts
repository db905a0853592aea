import type { Page } from '@playwright/test'
import { expect, test } from './admin-fixtures'
import { portalRunning } from './fixtures'

/**
 * Searches the address mirrors (`?q=`), typed as fast as keys can come: the router's updates
 * render as transitions, so the address of an earlier keystroke may arrive while the next ones
 * are typed. The box keeps every letter, and the address ends with the whole text; Back and
 * Forward still refill the box from the address.
 */

/** Types into `box` once the portal has taken over the page the server drew. */
async function typeFast(page: Page, box: ReturnType<Page['getByLabel']>, text: string) {
  await portalRunning(page)
  await box.focus()
  await page.keyboard.type(text, { delay: 0 })
}

test.describe('a search kept in the address, typed fast', () => {
  test("the help desk's user search keeps every letter", async ({ page, signInAdmin }) => {
    await signInAdmin('/admin/users')
    const search = page.getByLabel('Search users')
    await expect(page.getByRole('main').getByRole('link', { name: 'Anna Berger' })).toBeVisible()
    await typeFast(page, search, 'anna.mueller')
    await expect(search).toHaveValue('anna.mueller')
    await expect(page).toHaveURL(/\/admin\/users\?q=anna\.mueller$/)
    await expect(search).toHaveValue('anna.mueller')

    // Erased as fast, then Back: the address's earlier text comes back into the box.
    for (let key = 0; key < 'mueller'.length + 1; key++) await page.keyboard.press('Backspace')
    await expect(search).toHaveValue('anna')
    await expect(page).toHaveURL(/\/admin\/users\?q=anna$/)
    await page.getByRole('link', { name: 'Anna Berger' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Anna Berger' })).toBeVisible()
    await page.goBack()
    await expect(search).toHaveValue('anna')
  })

  test('the device search keeps every letter', async ({ page, signIn }) => {
    await signIn('anna', '/devices')
    const search = page.getByLabel('Search by name, model, serial number, IMEI or OS')
    await expect(page.locator('main .list-count')).toHaveText('3 devices')
    await typeFast(page, search, 'anna macbook')
    await expect(search).toHaveValue('anna macbook')
    await expect(page).toHaveURL(/\/devices\?q=anna\+macbook$/)
    await expect(search).toHaveValue('anna macbook')
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      "Anna's MacBook Pro",
    ])
  })

  test('the app search keeps every letter', async ({ page, signIn }) => {
    await signIn('anna', '/apps?device=')
    const search = page.getByLabel('Search by name')
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    await typeFast(page, search, 'microsoft teams')
    await expect(search).toHaveValue('microsoft teams')
    await expect(page).toHaveURL(/\/apps\?device=&q=microsoft\+teams$/)
    await expect(search).toHaveValue('microsoft teams')
  })
})
