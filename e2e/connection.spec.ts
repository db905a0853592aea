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
    await page.getByRole('link', { name: "Anna's iPhone", exact: true }).first().click()
    await expect(
      page.getByText('The service cannot be reached. Check your connection and try again.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expectAccessible()

    // Nothing pressed: the connection's return is enough.
    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 2, name: 'History', exact: true }),
    ).toBeVisible()
    await expect(page.getByText('The service cannot be reached.')).toHaveCount(0)
  })
  test('a device whose code and texts did not come while offline shows whole once the connection is back, and so does the next device', async ({
    page,
    context,
    signIn,
    expectAccessible,
  }) => {
    // The device page's code and texts had not come before the connection went (the list
    // fetches them ahead once it is idle, which may be too late).
    const notFetchedYet = /\/assets\/(device|records)-[\w-]{8}\.js$/
    await page.route(notFetchedYet, (route) => route.abort('internetdisconnected'))
    await signIn('anna', '/devices')
    await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
    await context.setOffline(true)
    await page.getByRole('link', { name: "Anna's iPhone", exact: true }).first().click()
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()

    await page.unroute(notFetchedYet)
    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 2, name: 'History', exact: true }),
    ).toBeVisible()
    await expect(page.getByText('history.', { exact: false })).toHaveCount(0)
    await expect(page.getByText('iPhone 15 Pro · iOS 17.5.1')).toBeVisible()
    await expect(page.getByText('Managed', { exact: true }).first()).toBeVisible()
    await expectAccessible()

    // Another device: its page reads its own device, with the texts that came.
    await page.getByRole('link', { name: 'All my devices' }).click()
    await page.getByRole('link', { name: "Anna's Pixel", exact: true }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: "Anna's Pixel" })).toBeVisible()
    await expect(page.getByText('Google Pixel 8 · Android 14')).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 2, name: 'History', exact: true }),
    ).toBeVisible()
    await expect(page.getByText('history.', { exact: false })).toHaveCount(0)
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
    await page.getByRole('link', { name: "Anna's iPhone", exact: true }).first().click()
    await expect(
      page.getByText('The service cannot be reached. Check your connection and try again.'),
    ).toBeVisible()

    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 2, name: 'History', exact: true }),
    ).toBeVisible()
  })
  test('a command confirmed while offline is not sent: the dialog says so, and nothing goes later by itself', async ({
    page,
    context,
    signIn,
  }) => {
    // Requests the service received: one tried while offline fails in the browser.
    const locks: string[] = []
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/api/mdm/v2/device/lockscreen')) locks.push(request.url())
    })
    await signIn('anna', '/devices/3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61')
    await expect(page.getByRole('heading', { level: 1, name: "Anna's iPhone" })).toBeVisible()
    await page.getByRole('button', { name: 'Lock…' }).click()
    const lock = page.getByRole('dialog', { name: "Lock Anna's iPhone?" })
    await lock.getByLabel('Message on the lock screen (optional)').fill('Please call me, Anna')

    await context.setOffline(true)
    await lock.getByRole('button', { name: 'Lock now' }).click()
    // docs/operating.md: a command is sent when it is confirmed, or not at all, never later.
    await expect(
      lock.getByText('The service cannot be reached. Check your connection and try again.'),
    ).toBeVisible()
    await expect(lock.getByRole('button', { name: 'Lock now' })).toBeEnabled()
    await context.setOffline(false)
    await expect(lock.getByLabel('Message on the lock screen (optional)')).toHaveValue(
      'Please call me, Anna',
    )

    // A lock held back would go as the connection came back, before this one is answered.
    await lock.getByRole('button', { name: 'Lock now' }).click()
    await expect(lock).toBeHidden()
    expect(locks).toHaveLength(1)
  })

  test('a filter changed while offline says the list waits for the connection, and follows once it is back', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn('anna', '/devices')
    const count = page.locator('.list-count')
    await expect(count).toHaveText(/^\d+ devices$/)
    await context.setOffline(true)
    await page.getByText('Filters').click()
    await page.getByLabel('Management').selectOption({ label: 'Not managed' })
    await expect(count).toHaveText(
      'No connection: the list is updated once the connection is back.',
    )
    await context.setOffline(false)
    // Anna's devices are all managed; the status region says the empty list's title too.
    await expect(count).toHaveText('0 of 3 devices')
    await expect(count.locator('+ [role=status]')).toHaveText(
      '0 of 3 devices. No devices match the filters chosen',
    )
  })
})
