import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  ANDROID_FOR_WORK_TYPE,
  DEVICE_TYPE,
  ENROLLMENT_TYPE,
  deviceSchema,
} from '@contract/schemas'
import { changeLanguage } from '@/lib/i18n'
import { session } from '@/lib/session'
import { DeviceFacts } from './device-facts'

const iphone = deviceSchema.parse({
  clientid: 'i',
  type: DEVICE_TYPE.ios,
  displayname: "Anna's iPhone",
  managed: true,
  mdmprofileremoved: false,
  wiped: false,
  lostmodeenabled: false,
  supervised: true,
  passcodecompliant: true,
  roaming: false,
  serialnumber: 'F2LXK4Q9N7PQ',
})

const pixel = deviceSchema.parse({
  clientid: 'p',
  type: DEVICE_TYPE.android,
  displayname: "Anna's Pixel",
  enrollmenttype: ENROLLMENT_TYPE.zeroTouch,
  androidforworktype: ANDROID_FOR_WORK_TYPE.fullyManaged,
})

afterEach(async () => {
  cleanup()
  session.signOut()
  await changeLanguage('en')
})

/** Each technical term, and what it means in plain words under its value. */
const TERMS: Record<'en' | 'de', [term: string, hint: string][]> = {
  en: [
    [
      'Managed',
      'Whether your organisation manages the device through the portal, so it gets work apps and settings.',
    ],
    [
      'Management profile removed',
      'Whether the portal’s connection to the device was taken off it, in its settings. Without it the portal can no longer reach the device.',
    ],
    [
      'Wiped',
      'Whether everything on the device was erased, as when it is reset to factory settings.',
    ],
    ['Lost mode', 'Whether the device is locked and shows a message for whoever finds it.'],
    [
      'Supervised',
      'Set up as a company iPhone or iPad: your IT help desk can do more on it, such as lost mode.',
    ],
    [
      'Passcode meets the rules',
      'Whether the code that unlocks the device is as long and as safe as your organisation asks.',
    ],
    [
      'Roaming',
      'Whether the device uses another provider’s mobile network, mostly abroad. Data can cost more there.',
    ],
  ],
  de: [
    [
      'Verwaltet',
      'Ob Ihre Organisation das Gerät über das Portal verwaltet, sodass es Arbeits-Apps und Einstellungen erhält.',
    ],
    [
      'Verwaltungsprofil entfernt',
      'Ob die Verbindung des Portals zum Gerät in dessen Einstellungen entfernt wurde. Ohne sie erreicht das Portal das Gerät nicht mehr.',
    ],
    [
      'Gelöscht',
      'Ob alles auf dem Gerät gelöscht wurde, wie beim Zurücksetzen auf Werkseinstellungen.',
    ],
    [
      'Modus „Verloren“',
      'Ob das Gerät gesperrt ist und eine Nachricht für die Person zeigt, die es findet.',
    ],
    [
      'Betreut',
      'Als Firmen-iPhone oder ‑iPad eingerichtet: Ihr IT‑Helpdesk kann darauf mehr tun, etwa den Modus „Verloren“ aktivieren.',
    ],
    [
      'Code entspricht den Regeln',
      'Ob der Code, der das Gerät entsperrt, so lang und sicher ist, wie Ihre Organisation es verlangt.',
    ],
    [
      'Roaming',
      'Ob das Gerät das Mobilfunknetz eines anderen Anbieters nutzt, meist im Ausland. Daten können dort mehr kosten.',
    ],
  ],
}

/** How the device came to the organisation and how much of it is managed, on an Android phone. */
const ANDROID_TERMS: Record<'en' | 'de', [term: string, hint: string][]> = {
  en: [
    ['Enrollment', 'How the device was added to your organisation’s management.'],
    [
      'Android management',
      'How much of the device your organisation manages: all of it, or only a separate work profile.',
    ],
  ],
  de: [
    ['Registrierung', 'Wie das Gerät in die Verwaltung Ihrer Organisation aufgenommen wurde.'],
    [
      'Android-Verwaltung',
      'Wie viel vom Gerät Ihre Organisation verwaltet: das ganze Gerät oder nur ein getrenntes Arbeitsprofil.',
    ],
  ],
}

/** The identifiers (serial number, IMEI, UDID…) are explained once, above them. */
const IDENTIFIERS = {
  en: 'Numbers that tell this device apart from others. Your IT help desk may ask you for one.',
  de: 'Nummern, an denen dieses Gerät zu erkennen ist. Ihr IT‑Helpdesk fragt Sie vielleicht nach einer davon.',
}

function hintOf(term: string) {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling
}

describe("the device's details", () => {
  it.each(['en', 'de'] as const)(
    'explain each technical term in plain words (%s)',
    async (language) => {
      await changeLanguage(language)
      render(<DeviceFacts device={iphone} />)
      for (const [term, hint] of TERMS[language]) expect(hintOf(term)).toHaveTextContent(hint)
      expect(screen.getByText(IDENTIFIERS[language])).toBeInTheDocument()
      cleanup()
      render(<DeviceFacts device={pixel} />)
      for (const [term, hint] of ANDROID_TERMS[language]) {
        expect(hintOf(term)).toHaveTextContent(hint)
      }
    },
  )

  // Inline text in a definition is one phrase to a screen reader ("Yes Whether your…"); a
  // paragraph of its own is read after the value, with a pause, whatever the style sheet says.
  it('read a term’s value and its explanation apart', () => {
    render(<DeviceFacts device={iphone} />)
    for (const [term, hint] of TERMS.en) {
      const definition = hintOf(term) as HTMLElement
      const explanation = within(definition).getByRole('paragraph')
      expect(explanation).toHaveTextContent(hint)
      expect(explanation).not.toHaveTextContent(/^(Yes|No)/)
      expect(definition.firstChild?.textContent).toMatch(/^(Yes|No)$/)
    }
  })

  it('speak of the owner’s organisation and the help desk itself on the help desk’s page', () => {
    session.start('admin-token', 'admin')
    render(<DeviceFacts device={iphone} />)
    expect(hintOf('Supervised')).toHaveTextContent(
      'Set up as a company iPhone or iPad: the help desk can do more on it, such as lost mode.',
    )
    expect(hintOf('Managed')).toHaveTextContent(
      'Whether the organisation manages the device through the portal, so it gets work apps and settings.',
    )
    expect(hintOf('Passcode meets the rules')).toHaveTextContent(
      'Whether the code that unlocks the device is as long and as safe as the organisation asks.',
    )
    // The help desk knows its identifiers.
    expect(screen.queryByText(/tell this device apart/)).not.toBeInTheDocument()
  })
})
