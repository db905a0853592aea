/**
 * A portal that keeps no records (the `proxy` project's, in front of the reference API as a
 * service of its own): hidden devices stay in the browser that hid them, and the list says so.
 * The test controls exist only on the service, so they are driven there.
 */
import { expect, otherBrowser, test as portalTest } from './fixtures'

const GALAXY = '9e2c5b6a-7d8f-4c0e-a1b2-3c4d5e6f7a94'
const PHONE = { width: 375, height: 740 }

const test = portalTest.extend({
  request: async ({ playwright, world }, use) => {
    const request = await playwright.request.newContext({
      baseURL: process.env.E2E_API_URL,
      extraHTTPHeaders: { 'x-mdm-world': world },
    })
    await use(request)
    await request.dispose()
  },
})

test.use({ viewport: PHONE })

test('without records, a hidden device is hidden in this browser only, and the list says so', async ({
  page,
  browser,
  world,
  control,
  request,
  signIn,
  expectAccessible,
}) => {
  const wipe = await request.post('/api/mdm/v2/device/wipe', {
    data: { token: await control.login('ben'), clientid: GALAXY },
  })
  expect(((await wipe.json()) as { success?: boolean }).success).toBe(true)
  await control.complete()
  expect(await (await page.request.get('/portal-config.json')).json()).toMatchObject({
    records: false,
  })
  await signIn('ben', '/devices')
  const card = page.getByRole('listitem').filter({ hasText: 'Bens Galaxy S23' })
  await card.getByRole('button', { name: 'Hide from my devices: Bens Galaxy S23' }).click()
  const area = page.locator('details.hidden-devices')
  await area.getByText('1 hidden device').click()
  await expect(area.getByText('They are hidden in this browser only.')).toBeVisible()
  await expectAccessible()

  const other = await otherBrowser(browser, world, await control.login('ben'), { viewport: PHONE })
  await expect(other.page.getByRole('heading', { level: 2, name: 'Bens Galaxy S23' })).toBeVisible()
  await expect(other.page.getByText('1 hidden device')).toHaveCount(0)
  await other.context.close()
})
