import type { Route } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * A tap on a link is seen to be taken while the next page's code is on its way: a bar at the top,
 * the page being left marked busy, and a polite word for screen readers. Its code is held back
 * here until the test has looked, as a slow network would.
 */
test('going to another page shows that it is loading, and the bar goes once it is there', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn('anna', '/devices')
  await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
  const held: Route[] = []
  let holding = true
  await page.route('**/*.js', (route) => {
    if (holding) held.push(route)
    else void route.continue()
  })

  await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click()
  const main = page.getByRole('main')
  await expect(main).toHaveAttribute('aria-busy', 'true')
  await expect(page.locator('.navigation-progress')).toBeVisible()
  await expect(page.getByText('Loading the page…')).toHaveAttribute('aria-live', 'polite')
  // The page being left stays as it was meanwhile.
  await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible()
  await expectAccessible()

  holding = false
  for (const route of held) await route.continue()
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  await expect(main).not.toHaveAttribute('aria-busy')
  await expect(page.locator('.navigation-progress')).toBeHidden()
})
