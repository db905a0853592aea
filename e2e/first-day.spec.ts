/**
 * A new colleague's first day, in German on a phone, in one go: the help desk invites her, the
 * invitation e-mail (in the language chosen for it) sets her first password, she signs in,
 * enrolls her iPhone and sends it a first command. Every screen on the way is checked with axe,
 * and the tab's text follows each step.
 */
import { expect, test } from './fixtures'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const PHONE = { width: 375, height: 740 }
const clara = { email: 'clara@example.com', password: 'Erster-Tag-1' }

test.use({ locale: 'de-DE', viewport: PHONE, userAgent: IPHONE_SAFARI })

test('invited in German, Clara sets her password, enrolls her iPhone and locks it', async ({
  page,
  browser,
  world,
  control,
  expectAccessible,
}) => {
  // The help desk, in a browser of its own, invites her with a German e-mail.
  const helpdesk = await browser.newContext({
    extraHTTPHeaders: { 'x-mdm-world': world },
    locale: 'de-DE',
    viewport: PHONE,
  })
  const admin = await helpdesk.newPage()
  await admin.goto('/login')
  await admin.getByRole('switch', { name: 'Als Administrator anmelden' }).check()
  await admin.getByLabel('E-Mail-Adresse').fill('admin@example.com')
  await admin.getByLabel('Passwort', { exact: true }).fill('Admin-Demo-1')
  await admin.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(admin).toHaveURL(/\/admin\/users$/)
  await admin.getByRole('button', { name: 'Benutzer einladen' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Benutzer einladen' })
  await dialog.getByLabel('E-Mail-Adresse').fill(clara.email)
  await dialog.getByLabel(/Vorname/).fill('Clara')
  await dialog.getByLabel(/Nachname/).fill('Schmidt')
  await expect(dialog.getByRole('radio', { name: 'Deutsch' })).toBeChecked()
  await expectAccessible(admin)
  await dialog.getByRole('button', { name: 'Einladen', exact: true }).click()
  await expect(
    admin.getByText('Clara Schmidt wurde angelegt, die Einladung ist unterwegs.'),
  ).toBeVisible()
  await helpdesk.close()

  const mail = (await control.outbox()).find((entry) => entry.to === clara.email)
  expect(mail).toMatchObject({ kind: 'invitation', subject: 'Ihr Konto für das Geräteportal' })
  expect(mail?.text).toContain('Hallo Clara Schmidt')
  const link = new URL(mail?.links[0] ?? '')

  // The invitation: whose account, and what to do.
  await page.goto(link.pathname + link.search)
  await expect(page).toHaveTitle('Passwort festlegen · Geräteportal')
  await expect(page.getByText('Willkommen, Clara Schmidt')).toBeVisible()
  await expect(page.getByText('Ihr Konto: clara@example.com')).toBeVisible()
  // The form names its account to the phone's password manager, which saves the new password
  // for that address and offers it at the sign-in that follows (a field the page does not show).
  await expect(page.locator('form input[autocomplete="username"]')).toHaveValue(clara.email)
  await expectAccessible()
  const password = page.getByLabel('Neues Passwort', { exact: true })
  const repeat = page.getByLabel('Passwort bestätigen')
  const save = page.getByRole('button', { name: 'Passwort festlegen' })
  await password.fill('kurz')
  await repeat.fill('kurz')
  await save.click()
  await expect(
    page.getByText(
      'Das neue Passwort braucht mindestens 8 Zeichen, darunter einen Buchstaben und eine Ziffer.',
    ),
  ).toBeVisible()
  await expect(password).toBeFocused()
  await password.fill(clara.password)
  await repeat.fill('Erster-Tag-2')
  await save.click()
  await expect(
    page.getByText('Die Passwörter stimmen nicht überein.', { exact: false }),
  ).toBeVisible()
  await expect(repeat).toBeFocused()
  await expectAccessible()
  await repeat.fill(clara.password)
  await save.click()

  // Sign-in, with her address filled in, leads on to enrollment.
  await expect(page).toHaveURL(/\/login\?from=%2Fenroll$/)
  await expect(page.getByText('Ihr Passwort ist festgelegt')).toBeVisible()
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(clara.email)
  // With her address given, the phone's keyboard opens on the password, and the field is
  // read out with the notice, which stays a status message too.
  const signInPassword = page.getByLabel('Passwort', { exact: true })
  await expect(signInPassword).toBeFocused()
  await expect(signInPassword).toHaveAccessibleDescription(
    'Ihr Passwort ist festgelegt Melden Sie sich jetzt an, um Ihr erstes Gerät zu registrieren.',
  )
  await expect(page.getByRole('status')).toContainText('Ihr Passwort ist festgelegt')
  await expectAccessible()
  await signInPassword.fill(clara.password)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()

  await expect(page).toHaveURL(/\/enroll$/)
  await expect(page).toHaveTitle('Schritt 1 von 4: Gerät – Gerät registrieren · Geräteportal')
  await expect(page.getByRole('radio', { name: /iPhone oder iPad/ })).toBeChecked()
  await expectAccessible()
  // Her own iPhone needs a managed Apple ID she has not got yet: the page says so, and the way
  // back to choosing a company iPhone is there.
  await page.getByRole('radio', { name: /Privatgerät/ }).check()
  await page.getByRole('button', { name: 'Weiter', exact: true }).click()
  await expect(page).toHaveTitle('Schritt 2 von 4: Prüfen – Gerät registrieren · Geräteportal')
  await expect(page.getByText('Sie brauchen zuerst eine verwaltete Apple-ID')).toBeVisible()
  await expectAccessible()
  await page.getByRole('button', { name: 'Anderes Gerät wählen' }).click()
  await expect(page).toHaveTitle('Schritt 1 von 4: Gerät – Gerät registrieren · Geräteportal')
  await page.getByRole('radio', { name: /Firmengerät/ }).check()
  await page.getByRole('button', { name: 'Weiter', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Bevor Sie beginnen' })).toBeFocused()
  await expectAccessible()
  await page.getByRole('button', { name: 'Weiter', exact: true }).click()
  await expect(page).toHaveTitle('Schritt 3 von 4: Profil – Gerät registrieren · Geräteportal')
  await expect(page.getByRole('heading', { level: 2, name: 'Profil laden' })).toBeFocused()
  await expectAccessible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Profil installieren' }).click()
  expect((await download).suggestedFilename()).toBe('enrollment-ios.mobileconfig')

  await expect(page).toHaveTitle(
    'Schritt 4 von 4: Installieren – Gerät registrieren · Geräteportal',
  )
  await expect(
    page.getByRole('heading', { level: 2, name: 'Profil in den Einstellungen installieren' }),
  ).toBeFocused()
  await expectAccessible()
  // The iPhone installs the profile and checks in.
  await control.complete()
  await page.getByRole('button', { name: 'Nach meinem neuen Gerät suchen' }).click()
  await expect(page.getByText(/^Ihr neues Gerät ist angekommen: /)).toBeVisible()
  await expect(page).toHaveTitle('Registrierung abgeschlossen – Gerät registrieren · Geräteportal')
  await expect(page.getByRole('list', { name: 'Schritte' })).toHaveCount(0)
  await expectAccessible()
  await page.getByRole('link', { name: /anzeigen$/ }).click()

  // Her device, and a first command followed until the iPhone answers.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('iPhone')
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
  await expect(page).toHaveTitle(`${name} · Geräteportal`)
  await expectAccessible()
  await page.getByRole('button', { name: 'Sperren …' }).click()
  const lock = page.getByRole('dialog', { name: `${name} sperren?` })
  await expect(
    lock.getByLabel('Nachricht auf dem Sperrbildschirm (optional)'),
  ).toHaveAccessibleDescription(
    'Zum Beispiel: Wenn Sie dieses Smartphone finden, rufen Sie mich bitte an.',
  )
  await expectAccessible()
  await lock.getByRole('button', { name: 'Jetzt sperren' }).click()
  await expect(
    page.getByText(`An ${name} gesendet. Wartet auf die Antwort des Geräts …`),
  ).toBeVisible()
  await control.complete()
  await expect(page.getByText(`${name} ist gesperrt.`)).toBeVisible({ timeout: 20_000 })
  await expectAccessible()
})
