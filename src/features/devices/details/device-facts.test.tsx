import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { deviceSchema } from '@contract/schemas'
import { changeLanguage } from '@/lib/i18n'
import { DeviceFacts } from './device-facts'

const iphone = deviceSchema.parse({
  clientid: 'i',
  type: 2,
  displayname: "Anna's iPhone",
  managed: true,
  mdmprofileremoved: false,
  supervised: true,
  passcodecompliant: true,
})

afterEach(async () => {
  cleanup()
  await changeLanguage('en')
})

/** Each technical term, and what it means in plain words under its value. */
const TERMS: Record<'en' | 'de', [term: string, hint: string][]> = {
  en: [
    [
      'Supervised',
      'Set up as a company iPhone or iPad: your IT help desk can do more on it, such as lost mode.',
    ],
    [
      'Management profile removed',
      'Whether the portal’s connection to the device was taken off it, in its settings. Without it the portal can no longer reach the device.',
    ],
    [
      'Passcode meets the rules',
      'Whether the code that unlocks the device is as long and as safe as your organisation asks.',
    ],
  ],
  de: [
    [
      'Betreut',
      'Als Firmen-iPhone oder ‑iPad eingerichtet: Ihr IT‑Helpdesk kann darauf mehr tun, etwa den Modus „Verloren“ aktivieren.',
    ],
    [
      'Verwaltungsprofil entfernt',
      'Ob die Verbindung des Portals zum Gerät in dessen Einstellungen entfernt wurde. Ohne sie erreicht das Portal das Gerät nicht mehr.',
    ],
    [
      'Code entspricht den Regeln',
      'Ob der Code, der das Gerät entsperrt, so lang und sicher ist, wie Ihre Organisation es verlangt.',
    ],
  ],
}

describe("the device's details", () => {
  it.each(['en', 'de'] as const)(
    'explain each technical term in plain words (%s)',
    async (language) => {
      await changeLanguage(language)
      render(<DeviceFacts device={iphone} />)
      for (const [term, hint] of TERMS[language]) {
        const value = screen.getByText(term).nextElementSibling
        expect(value).toHaveTextContent(hint)
      }
    },
  )
})
