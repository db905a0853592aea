import { expect, IDS, opensWithItsReadFirst, test } from './admin-fixtures'

test("the help desk's device page speaks of the owner, not to them", async ({
  page,
  signInAdmin,
  expectAccessible,
}) => {
  await signInAdmin(`/admin/devices/${IDS.benGalaxy}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Bens Galaxy S23' })).toBeVisible()
  await expect(
    page.getByText("Removes the work profile. The owner's personal apps and data stay."),
  ).toBeVisible()
  await expect(page.getByText('Nothing needs attention.')).toBeVisible()
  // The device's own sections (not the apps', which speak of the tenant's company).
  for (const section of ['Actions', 'Location', 'Details']) {
    const region = page.getByRole('region', { name: section, exact: true })
    await expect(region).not.toContainText(/\byour\b/i)
  }
  await page.getByRole('button', { name: 'Wipe…' }).click()
  const wipe = page.getByRole('dialog')
  await expect(wipe).toContainText("The owner's personal apps, photos and data stay untouched.")
  await expect(wipe).not.toContainText(/\byour\b/i)
  await expectAccessible()
})

test('a device the tenant does not have is not found, in the help desk’s words', async ({
  page,
  signInAdmin,
  expectAccessible,
}) => {
  await signInAdmin('/admin/devices/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { level: 1, name: 'Device not found' })).toBeVisible()
  await expect(page.getByText('This device does not exist in this tenant')).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText(/\byours?\b/i)
  await expectAccessible()
})

test('a device whose owner could not be read says so in its place, with a way to try again', async ({
  page,
  signInAdmin,
  expectAccessible,
}) => {
  await page.route('**/api/mdm/v2/user/list', (route) => route.abort('internetdisconnected'))
  await signInAdmin(`/admin/devices/${IDS.annaIphone}`)
  const owner = page.getByRole('region', { name: 'Owner', exact: true })
  await expect(owner.getByText('The owner could not be shown')).toBeVisible({ timeout: 20_000 })
  await expectAccessible()
  await page.unrouteAll()
  await owner.getByRole('button', { name: 'Try again' }).click()
  await expect(owner.getByRole('link', { name: 'Anna Berger' })).toBeVisible()
})

test("the help desk's device page asks for its device before the portal's code has come, in a new tab or reloaded", async ({
  page,
  context,
  signInAdmin,
}) => {
  await signInAdmin('/admin/devices')
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible()
  // In a new tab, the open tab hands the help desk's session over; reloaded, the tab has its own.
  const galaxy = { path: `/admin/devices/${IDS.benGalaxy}`, heading: 'Bens Galaxy S23' }
  await opensWithItsReadFirst(await context.newPage(), galaxy)
  await opensWithItsReadFirst(page, galaxy)
})

test("an employee's device address in the help desk's tab reads nothing: it leads to their first screen", async ({
  page,
  signInAdmin,
}) => {
  const reads: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/mdm/v2/device/info')) reads.push(request.url())
  })
  await signInAdmin(`/devices/${IDS.benGalaxy}`)
  await expect(page).toHaveURL(/\/admin\/users$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(reads).toEqual([])
})
