import type { Route } from '@playwright/test'
import { expect, test } from './fixtures'

test.describe('the first paint', () => {
  test('opened directly, "my apps" asks for the devices and the catalog in one round trip', async ({
    page,
    signIn,
  }) => {
    // A slow service (deliberate): the devices are not answered until the catalog has been asked.
    const held: Route[] = []
    await page.route('**/api/mdm/v2/device/list', (route) => void held.push(route))
    const catalog = page.waitForRequest('**/api/mdm/v2/app/list', { timeout: 15_000 })

    await signIn('anna', '/apps')
    const request = await catalog
    expect(held.length, 'the devices are still unanswered').toBeGreaterThan(0)
    expect(request.postDataJSON()).not.toHaveProperty('clientid')
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible()

    for (const route of held.splice(0)) await route.continue()
    await page.unroute('**/api/mdm/v2/device/list')
    await expect(page.getByRole('heading', { name: 'Secure Mail', exact: true })).toBeVisible()
  })
})
