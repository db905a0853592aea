import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * After the devices answer (`control.complete()`), the page sees it at its next read, on the
 * command cadence (1, 2, 4, 8, 16 s…): on a busy machine that read may be more seconds away than
 * an expectation's default wait.
 */
const DEVICE_ANSWERS = { timeout: 20_000 }

const MAC = '7d0a3f4e-5c6b-4a8d-9e1f-2b3c4d5e6f83'
const PIXEL = '5b8e1d2c-3a4f-4e6b-8d9c-0f1e2a3b4c72'

function countRequests(page: Page, endpoint: string) {
  const counter = { count: 0 }
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/mdm/v2/device/${endpoint}`)) counter.count++
  })
  return counter
}

// Every simulated device answers only when told to, so each pending state can be seen.
test.beforeEach(async ({ control }) => {
  await control.settings({ commandDelayMs: 30_000 })
})

test.describe('device actions', () => {
  test('Anna locks her Mac with a PIN, and a full wipe needs the PIN and the typed name', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    test.setTimeout(60_000)
    const wipes = countRequests(page, 'wipe')
    await signIn('anna', `/devices/${MAC}`)
    await expect(page.getByRole('heading', { level: 1, name: "Anna's MacBook Pro" })).toBeVisible()
    await expect(page.getByText('has not been in touch for more than 48 hours')).toBeVisible()
    const unavailable = page.getByRole('heading', { name: 'Not possible on this device' })
    await expect(unavailable).toBeVisible()
    await expect(page.getByText('The password of a Mac cannot be reset from here.')).toBeVisible()
    await expect(
      page.getByText('Lost mode is available only on supervised iPhones and iPads'),
    ).toBeVisible()

    // Lock: six digits, nothing else.
    await page.getByRole('button', { name: 'Lock…' }).click()
    const lock = page.getByRole('dialog', { name: "Lock Anna's MacBook Pro?" })
    await lock.getByRole('button', { name: 'Lock now' }).click()
    const pin = lock.getByLabel('6-digit PIN')
    await expect(pin).toBeFocused()
    await expect(lock.getByText('Enter exactly 6 digits.')).toBeVisible()
    await expectAccessible()
    await pin.fill('12345')
    await expect(lock.getByText('Enter exactly 6 digits.')).toBeVisible()
    // A pasted seventh digit is said, not dropped: the Mac would be locked with a PIN nobody typed.
    await pin.fill('1234567')
    await expect(pin).toHaveValue('1234567')
    await expect(lock.getByText('Enter exactly 6 digits.')).toBeVisible()
    await pin.fill('123456')
    await expect(lock.getByText('Enter exactly 6 digits.')).toBeHidden()
    // The PIN cannot be shown later, so a typo in it is caught before it locks the Mac for good.
    await lock.getByLabel('Confirm the PIN').fill('123465')
    await lock.getByRole('button', { name: 'Lock now' }).click()
    await expect(lock.getByText('The PINs do not match.')).toBeVisible()
    await expect(lock.getByLabel('Confirm the PIN')).toBeFocused()
    await lock.getByLabel('Confirm the PIN').fill('123456')
    await lock.getByRole('button', { name: 'Lock now' }).click()
    await expect(lock).toBeHidden()
    await expect(page.getByText('Locking…')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Lock…' })).toBeDisabled()
    await control.complete()
    await expect(page.getByText("Anna's MacBook Pro is locked.")).toBeVisible(DEVICE_ANSWERS)

    // Wipe: work data first; everything needs the PIN; nothing leaves before the name matches.
    await page.getByRole('button', { name: 'Wipe…' }).click()
    const wipe = page.getByRole('dialog', { name: "Wipe Anna's MacBook Pro?" })
    const choices = wipe.getByRole('group', { name: 'What should be deleted?' })
    await expect(choices.getByRole('radio', { name: 'Work data only' })).toBeChecked()
    await expect(wipe.getByText('Your personal data stays.')).toBeVisible()
    await expect(wipe.getByLabel('6-digit PIN')).toHaveCount(0)
    await expectAccessible()
    await choices.getByRole('radio', { name: 'Everything (factory reset)' }).check()
    await expect(wipe.getByText('including your personal files')).toBeVisible()
    const name = wipe.getByLabel('Type the device name to confirm')
    await name.fill("anna's macbook pro")
    await wipe.getByRole('button', { name: 'Erase everything' }).click()
    await expect(wipe.getByLabel('6-digit PIN')).toBeFocused()
    await expect(wipe.getByText('Enter exactly 6 digits.')).toBeVisible()
    await expect(wipe.getByText('This is not the device name.')).toBeVisible()
    await expectAccessible()
    await wipe.getByLabel('6-digit PIN').fill('246810')
    await wipe.getByLabel('Confirm the PIN').fill('246810')
    await wipe.getByRole('button', { name: 'Erase everything' }).click()
    await expect(name).toBeFocused()
    expect(wipes.count).toBe(0)

    await name.fill("Anna's MacBook Pro")
    await wipe.getByRole('button', { name: 'Erase everything' }).click()
    await expect(wipe).toBeHidden()
    await expect(page.getByText('Wiping…')).toBeVisible()
    expect(wipes.count).toBe(1)
    await control.complete()
    await expect(
      page.getByRole('status').getByText("Anna's MacBook Pro has been wiped."),
    ).toBeVisible(DEVICE_ANSWERS)
    await expect(page.getByRole('heading', { name: 'No remote actions' })).toBeVisible()
    await expect(
      page.getByText("Anna's MacBook Pro has been wiped. It no longer receives commands"),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Wipe…' })).toHaveCount(0)
  })

  test('Ben removes only the work profile from his phone', async ({
    page,
    signIn,
    control,
    expectAccessible,
  }) => {
    await signIn('ben', '/devices')
    await page.getByRole('link', { name: 'Bens Galaxy S23', exact: true }).click()
    await expect(page.getByText('Work profile on a personal device')).toBeVisible()
    await expect(
      page.getByText('Lost mode is available only on supervised iPhones and iPads'),
    ).toBeVisible()

    // The app list refresh starts at once and waits, truthfully, for the phone's answer.
    await page.getByRole('button', { name: 'Refresh app list', exact: true }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(
      page.getByText('Asked Bens Galaxy S23 for its app list. Waiting for the device to answer…'),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'See the apps on Bens Galaxy S23' })).toHaveCount(0)
    await control.complete()
    await expect(page.getByText('Bens Galaxy S23 sent its app list.')).toBeVisible(DEVICE_ANSWERS)
    await expectAccessible()
    await page.getByRole('link', { name: 'See the apps on Bens Galaxy S23' }).click()
    await expect(
      page.getByRole('heading', { level: 2, name: 'Apps for Bens Galaxy S23' }),
    ).toBeVisible()
    await expect(
      page.getByText(/^Bens Galaxy S23 sent its app list (now|\d+ seconds? ago)\.$/),
    ).toBeVisible()
    await page.goBack()

    await page.getByRole('button', { name: 'Wipe…' }).click()
    const wipe = page.getByRole('dialog', { name: 'Wipe Bens Galaxy S23?' })
    await expect(wipe.getByRole('heading', { name: 'The work profile only' })).toBeVisible()
    await expect(
      wipe.getByText('Your personal apps, photos and data stay untouched.'),
    ).toBeVisible()
    await expect(wipe.getByRole('radio')).toHaveCount(0)
    await expectAccessible()
    await wipe.getByRole('button', { name: 'Remove work profile' }).click()
    await expect(wipe.getByText('Type the device name, Bens Galaxy S23, to confirm.')).toBeVisible()
    await wipe.getByLabel('Type the device name to confirm').fill('Bens Galaxy S23')
    await wipe.getByRole('button', { name: 'Remove work profile' }).click()
    await expect(page.getByText('Removing work profile…')).toBeVisible()
    await control.complete()
    await expect(page.getByText('The work profile was removed from Bens Galaxy S23.')).toBeVisible(
      DEVICE_ANSWERS,
    )
    await expect(page.getByText('Not managed', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No remote actions' })).toBeVisible()
    await expect(
      page.getByText('Bens Galaxy S23 is no longer managed (its management profile was removed)'),
    ).toBeVisible()
  })

  test.describe('in German on a phone', () => {
    test.use({ locale: 'de-DE', viewport: { width: 375, height: 740 } })

    test('Anna resets her Android passcode and turns on lost mode, which shows the recovery code', async ({
      page,
      signIn,
      control,
      expectAccessible,
    }) => {
      test.setTimeout(60_000)
      await signIn('anna', `/devices/${PIXEL}`)
      await expect(page.getByRole('heading', { level: 1, name: "Anna's Pixel" })).toBeVisible()
      await expect(page.getByText('Vollständig verwaltetes Firmengerät')).toBeVisible()
      await expectAccessible()

      // The new passcode is required, and a refusal of the service is said in the dialog.
      await page.getByRole('button', { name: 'Code zurücksetzen …' }).click()
      const reset = page.getByRole('dialog', { name: "Code von Anna's Pixel zurücksetzen?" })
      await reset.getByRole('button', { name: 'Code zurücksetzen' }).click()
      const passcode = reset.getByLabel('Neuer Code')
      await expect(passcode).toBeFocused()
      await expect(reset.getByText('Geben Sie den neuen Code ein.')).toBeVisible()
      await passcode.fill('12')
      await expect(reset.getByText('Der Code braucht mindestens 4 Zeichen.')).toBeVisible()
      // Android takes printable ASCII alone, and a code of spaces cannot be told apart on it:
      // both are said at the field, before anything is sent, and the typing stays.
      let sent = 0
      page.on('request', (request) => {
        if (request.url().endsWith('/device/resetpasscode')) sent += 1
      })
      await passcode.fill('    ')
      await reset.getByRole('button', { name: 'Code zurücksetzen' }).click()
      await expect(
        reset.getByText('Der Code darf nicht nur aus Leerzeichen bestehen.'),
      ).toBeVisible()
      await passcode.fill('Übung-1')
      await reset.getByRole('button', { name: 'Code zurücksetzen' }).click()
      await expect(reset.getByText(/^Verwenden Sie nur Buchstaben A–Z ohne Umlaute/)).toBeVisible()
      await expect(passcode).toHaveValue('Übung-1')
      await expect(passcode).toHaveAttribute('aria-invalid', 'true')
      expect(sent).toBe(0)
      await passcode.fill('2468')
      await expectAccessible()
      await page.route(
        '**/api/mdm/v2/device/resetpasscode',
        (route) =>
          route.fulfill({
            json: {
              success: false,
              errorcode: '02100003',
              errormessage: 'Die Aktion ist nicht verfügbar.',
              tokenstatus: null,
            },
          }),
        { times: 1 },
      )
      await reset.getByRole('button', { name: 'Code zurücksetzen' }).click()
      await expect(reset.getByRole('alert')).toContainText(
        'Diese Aktion ist auf diesem Gerät nicht mehr möglich.',
      )
      await expect(passcode).toHaveValue('2468')
      // Escape while the command is on its way does not drop it: the dialog waits for the answer.
      let answer = () => {}
      const held = new Promise<void>((resolve) => (answer = resolve))
      await page.route(
        '**/api/mdm/v2/device/resetpasscode',
        async (route) => {
          await held
          await route.continue()
        },
        { times: 1 },
      )
      await reset.getByRole('button', { name: 'Code zurücksetzen' }).click()
      await expect(reset.getByRole('button', { name: 'Wird gesendet …' })).toBeVisible()
      await page.keyboard.press('Escape')
      await reset.getByRole('button', { name: 'Abbrechen' }).click()
      await expect(reset).toBeVisible()
      answer()
      await expect(reset).toBeHidden()
      await expect(page.getByText('Code wird zurückgesetzt …')).toBeVisible()
      await control.complete()
      await expect(page.getByText("Der Code von Anna's Pixel wurde zurückgesetzt.")).toBeVisible(
        DEVICE_ANSWERS,
      )

      // Lost mode on Android: a new passcode, and afterwards the recovery code.
      await page.getByRole('button', { name: 'Modus „Verloren“ aktivieren …' }).click()
      const lost = page.getByRole('dialog', {
        name: "Modus „Verloren“ für Anna's Pixel aktivieren?",
      })
      await lost.getByLabel('Nachricht auf dem Bildschirm').fill('Bitte rufen Sie mich an.')
      await lost.getByRole('button', { name: 'Modus „Verloren“ aktivieren' }).click()
      await expect(lost.getByLabel('Neuer Code')).toBeFocused()
      await expect(lost.getByText('Geben Sie den neuen Code ein.')).toBeVisible()
      await expectAccessible()
      await lost.getByLabel('Neuer Code').fill('135790')
      // The location is asked for once the page has read lost mode on its way; the devices
      // answer only what the service has taken by then.
      const locating = page.waitForResponse((response) =>
        response.url().endsWith('/device/requestlocation'),
      )
      await lost.getByRole('button', { name: 'Modus „Verloren“ aktivieren' }).click()
      await expect(lost).toBeHidden()
      await expect(page.getByText('Modus „Verloren“ wird aktiviert …')).toBeVisible()
      expect((await locating).ok()).toBe(true)
      // The page has the location asked for before the device answers both: else one read
      // could show lost mode done and a locate it never saw waiting.
      await expect(page.getByText("Anna's Pixel wird gefragt, wo es ist …")).toBeVisible()
      await control.complete()
      // Lost mode on asks for the location at once (#56): its answer is what the page says last.
      await expect(page.getByText("Standort von Anna's Pixel empfangen.")).toBeVisible(
        DEVICE_ANSWERS,
      )
      await expect(
        page.getByText('Der Modus „Verloren“ ist aktiviert. Deaktivieren Sie ihn'),
      ).toBeVisible()
      await expect(page.getByText('Wiederherstellungscode')).toBeVisible()
      await expect(page.getByText(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/)).toBeVisible()
      await expect(
        page.getByRole('button', { name: 'Modus „Verloren“ deaktivieren …' }),
      ).toBeVisible()
      await expectAccessible()
    })
  })
})
