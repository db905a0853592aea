import { decodeQr, profileFromService, withoutEnrollmentToken } from './enroll-helpers'
import { expect, test } from './fixtures'

/**
 * A company-owned Android phone, new or reset, enrolled from a computer: the portal shows the
 * QR code the phone's setup wizard scans, drawn from the company phone's enrollment profile
 * (its Android provisioning extras, `android.app.extra.PROVISIONING_*`), and how to open the
 * scanner.
 */
test('the setup wizard’s QR code holds the provisioning of the company phone’s profile', async ({
  page,
  signIn,
  request,
  expectAccessible,
  control,
}) => {
  // The phone the downloaded profile stands for arrives after the journey, not during it.
  await control.settings({ commandDelayMs: 600_000 })
  await signIn('anna', '/enroll')
  await page.getByRole('radio', { name: /Android phone or tablet/ }).check()
  await page.getByRole('radio', { name: /Company device/ }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Continue to the installation' }).click()

  await expect(
    page.getByRole('heading', { level: 2, name: 'Set up the company phone' }),
  ).toBeVisible()
  await expect(page.getByText(/tap the same empty spot six times quickly/)).toBeVisible()
  await expect(page.getByText('scan the setup code below')).toBeVisible()
  // One primary button on the step: the one that shows the code.
  await expect(page.locator('.wizard-step .button--primary')).toHaveCount(1)
  await page.getByRole('button', { name: 'Show the setup code' }).click()
  const code = page.getByRole('img', { name: 'Setup code for the Android setup wizard' })
  await expect(code).toBeVisible()
  await expectAccessible()

  const profile = JSON.parse(await profileFromService(page, request, { mdmtype: 'android' })) as {
    provisioning: Record<string, unknown>
  }
  expect(Object.keys(profile.provisioning)).toContain(
    'android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME',
  )
  const scanned = (await decodeQr(code)) ?? 'null'
  expect(JSON.parse(withoutEnrollmentToken(scanned))).toEqual(profile.provisioning)

  await page.getByRole('button', { name: 'Hide the code' }).click()
  await expect(code).toBeHidden()
})

test.describe('in German at phone width', () => {
  // A phone's screen has two pixels or more to the point, as the code's reader needs.
  test.use({ viewport: { width: 375, height: 740 }, locale: 'de-DE', deviceScaleFactor: 2 })

  test('the steps and the code read in German and fit the screen', async ({
    page,
    signIn,
    expectAccessible,
  }) => {
    await signIn('anna', '/enroll?platform=android&owner=company&step=profile&where=other')
    // The buttons of a row are one width, whatever their words.
    const back = await page.getByRole('button', { name: 'Zurück', exact: true }).boundingBox()
    const next = page.getByRole('button', { name: 'Weiter zur Installation' })
    const forward = await next.boundingBox()
    expect(Math.abs((back?.width ?? 0) - (forward?.width ?? 100))).toBeLessThan(1)
    await next.click()
    await expect(
      page.getByRole('heading', { level: 2, name: 'Firmen-Smartphone einrichten' }),
    ).toBeVisible()
    await expect(page.getByText(/sechsmal schnell auf dieselbe freie Stelle/)).toBeVisible()
    await page.getByRole('button', { name: 'Einrichtungscode anzeigen' }).click()
    const code = page.getByRole('img', {
      name: 'Einrichtungscode für den Android-Einrichtungsassistenten',
    })
    await expect(code).toBeInViewport()
    expect(await decodeQr(code)).toContain('android.app.extra.PROVISIONING_')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375)
    await expectAccessible()
  })
})
