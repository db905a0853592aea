import { expect, test } from './fixtures'

/** German at phone width: labels and names that used to break badly stay whole. */
test.use({ viewport: { width: 375, height: 740 }, locale: 'de-DE' })

test('"IT‑Helpdesk" and the repeated password keep to one line on the account page', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn('anna', '/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible({
    timeout: 20_000,
  })
  // A no-break hyphen: "IT-" never ends a line with "Helpdesk" on the next.
  await expect(page.getByText(/Diese Daten verwaltet Ihr IT\u2011Helpdesk/)).toBeVisible()

  const confirm = page.getByLabel('Passwort bestätigen')
  await expect(confirm).toBeVisible()
  const label = page.locator('label', { hasText: 'Passwort bestätigen' })
  // One line is less than two font sizes tall (measured again should the portal have just
  // drawn the page anew, which leaves the label first found out of the page).
  await expect
    .poll(() =>
      label.evaluate(
        (element) =>
          element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).fontSize),
      ),
    )
    .toBeLessThan(2)
  await expectAccessible()
})
