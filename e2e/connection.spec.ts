import { expect, test } from './fixtures'

test.describe('a lost connection', () => {
  test('a device opened while offline says the connection is the problem, and shows once it is back', async ({
    page,
    context,
    signIn,
    expectAccessible,
  }) => {
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
    await context.setOffline(true)
    // The device's page needs code it has not fetched yet (its history, its dialogs).
    await page.getByRole('link', { name: "Anna's iPhone" }).first().click()
    await expect(
      page.getByText('The service cannot be reached. Check your connection and try again.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expectAccessible()

    // Nothing pressed: the connection's return is enough.
    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'History' })).toBeVisible()
    await expect(page.getByText('The service cannot be reached.')).toHaveCount(0)
  })
  test('a part of a device page whose code did not come while offline comes once the connection is back', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
    // The device page's own code is fetched ahead while the list shows; its history's is not.
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => /\/assets\/device-[\w-]{8}\.js$/.test(entry.name)),
    )
    await context.setOffline(true)
    await page.getByRole('link', { name: "Anna's iPhone" }).first().click()
    await expect(
      page.getByText('The service cannot be reached. Check your connection and try again.'),
    ).toBeVisible()

    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'History' })).toBeVisible()
  })
})
