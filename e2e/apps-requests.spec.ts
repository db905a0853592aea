import type { Page, Request, Route } from '@playwright/test'
import { expect, test } from './fixtures'

const BEN_GALAXY = '9e2c5b6a-7d8f-4c0e-a1b2-3c4d5e6f7a94'
const DEVICE_LIST = '**/api/mdm/v2/device/list'

/**
 * A slow service, on purpose: the device list is answered only when the test lets it. Whether
 * the catalog is asked for meanwhile is then a question of order, not of time: a page that waits
 * for the devices first never asks while they are held.
 */
async function holdDevices(page: Page) {
  const held: Route[] = []
  await page.route(DEVICE_LIST, (route) => void held.push(route))
  return {
    held: () => held.length,
    release: async () => {
      for (const route of held.splice(0)) await route.continue()
      await page.unroute(DEVICE_LIST)
    },
  }
}

/** Which device an app list request is for (null: all apps); null for other requests. */
function appListFor(request: Request): string | null | undefined {
  if (!request.url().endsWith('/api/mdm/v2/app/list')) return undefined
  const body = request.postDataJSON() as { clientid?: string }
  return body.clientid ?? null
}

/** The device of the next app list request (null: all apps); `only`: the next one for it. */
async function nextAppList(page: Page, only?: string | null) {
  const request = await page.waitForRequest((request) => {
    const device = appListFor(request)
    return device !== undefined && (only === undefined || device === only)
  })
  return appListFor(request)
}

/** Once an app list has been answered: the page has had every chance to show it. */
const appListAnswered = (page: Page) =>
  page.waitForResponse((response) => appListFor(response.request()) !== undefined)

const appCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })

test.describe('my apps ask for the devices and the apps side by side', () => {
  test('coming from another screen, all apps show while the devices are still on their way', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await signIn('anna', '/account')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const devices = await holdDevices(page)
    const catalog = nextAppList(page)
    await page.getByRole('link', { name: 'Apps', exact: true }).click()

    expect(await catalog).toBeNull()
    await expect
      .poll(() => devices.held(), { message: 'the devices are asked for, still unanswered' })
      .toBeGreaterThan(0)
    // The catalog is there; the device picker keeps its place until the devices come.
    await expect(page.getByText('9 apps')).toBeVisible()
    await expect(appCard(page, 'Secure Mail')).toBeVisible()
    const picker = page.getByRole('combobox', { name: 'Device' })
    await expect(picker).toBeDisabled()
    await expect(picker.getByRole('option', { selected: true })).toHaveText('Loading your devices…')
    await expect(page.getByText('first choose the device it should go on')).toBeVisible()
    await expectAccessible()

    await devices.release()
    await expect(picker).toBeEnabled()
    await picker.selectOption({ label: "Anna's iPhone · iPhone 15 Pro" })
    await expect(
      page.getByRole('heading', { level: 2, name: "Apps for Anna's iPhone" }),
    ).toBeVisible()
  })

  test('the address names the device: its apps are asked for at once', async ({ page, signIn }) => {
    const devices = await holdDevices(page)
    const catalog = nextAppList(page)
    const answered = appListAnswered(page)
    await signIn('ben', `/apps?device=${BEN_GALAXY}`)
    expect(await catalog).toBe(BEN_GALAXY)
    await answered
    // The devices are asked for too, their answer held: the apps did not wait for it.
    await expect.poll(() => devices.held()).toBeGreaterThan(0)
    // A device's page needs the device: it waits for the list, and shows no other view before.
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached()
    await expect(page.getByRole('heading', { name: 'Android apps' })).toHaveCount(0)

    await devices.release()
    await expect(
      page.getByRole('heading', { level: 2, name: 'Apps for Bens Galaxy S23' }),
    ).toBeVisible()
    await expect(appCard(page, 'Expense Tracker')).toContainText('Installed')
  })

  test('a device that is not hers: all her apps, with a word why', async ({ page, signIn }) => {
    const devices = await holdDevices(page)
    const catalog = nextAppList(page)
    await signIn('anna', `/apps?device=${BEN_GALAXY}`)
    expect(await catalog).toBe(BEN_GALAXY)
    // The devices are asked for too, their answer held: the apps did not wait for it.
    await expect.poll(() => devices.held()).toBeGreaterThan(0)

    const allApps = nextAppList(page, null)
    await devices.release()
    expect(await allApps).toBeNull()
    await expect(
      page.getByText('The device in this address is not one of your devices'),
    ).toBeVisible()
    await expect(page.getByText('9 apps')).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Device' })).toHaveValue('')
  })

  test('with a single device, its apps show; after a reload they are asked for at once', async ({
    page,
    signIn,
  }) => {
    await signIn('ben', '/apps')
    await expect(
      page.getByRole('heading', { level: 2, name: 'Apps for Bens Galaxy S23' }),
    ).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Device' })).toHaveValue(BEN_GALAXY)

    // The tab remembers his only device: the reload asks for its apps beside the devices.
    const devices = await holdDevices(page)
    const catalog = nextAppList(page)
    const answered = appListAnswered(page)
    await page.reload()
    expect(await catalog).toBe(BEN_GALAXY)
    await answered
    // The devices are asked for too, their answer held: the apps did not wait for it.
    await expect.poll(() => devices.held()).toBeGreaterThan(0)
    await expect(page.getByRole('heading', { name: 'Android apps' })).toHaveCount(0)

    await devices.release()
    await expect(
      page.getByRole('heading', { level: 2, name: 'Apps for Bens Galaxy S23' }),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/apps$/)
  })
})
