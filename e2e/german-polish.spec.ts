import { IDS } from './admin-fixtures'
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

test('a long pending badge wraps inside its card rather than pushing the page sideways', async ({
  page,
  signIn,
  control,
}) => {
  await control.settings({ commandDelayMs: 60_000 })
  await signIn('anna', `/devices/${IDS.annaIphone}`)
  await page.getByRole('button', { name: 'Modus „Verloren“ aktivieren …' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Nachricht auf dem Bildschirm').fill('Bitte rufen Sie mich an.')
  await dialog.getByRole('button', { name: 'Modus „Verloren“ aktivieren' }).click()
  const pending = page.getByRole('list', { name: 'Wartet auf das Gerät' })
  await expect(pending.first()).toContainText('Modus „Verloren“ wird aktiviert …')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375)
})

test('a dialog’s buttons keep their words on one line, each on a row of its own when two do not fit', async ({
  page,
  signIn,
}) => {
  await signIn('anna', `/devices/${IDS.annaIphone}`)
  await page.getByRole('button', { name: 'Sperren …' }).click()
  const dialog = page.getByRole('dialog')
  for (const name of ['Abbrechen', 'Jetzt sperren']) {
    const button = dialog.getByRole('button', { name, exact: true })
    // The words' own height, without the button's padding: one line is less than 1.5 lines.
    const lines = await button.evaluate((element) => {
      const words = document.createRange()
      words.selectNodeContents(element)
      return words.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)
    })
    expect(lines, name).toBeLessThan(1.5)
  }
})
