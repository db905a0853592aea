import { describe, expect, it } from 'vitest'
import de from '@locales/de/devices.json'

// The device feature's components as written, to check what they draw.
const sources = import.meta.glob<string>(['./**/*.tsx', '../../components/*.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
})

const texts = JSON.stringify(de)

describe("the device pages' icons", () => {
  it('are drawn, never emoji or symbols a system may lack a font for', () => {
    // Dingbats, miscellaneous symbols and technical signs, arrows, and the emoji planes.
    const symbols = /[\u2190-\u21ff\u2300-\u23ff\u2600-\u27bf\u{1f000}-\u{1faff}]/u
    for (const [file, source] of Object.entries(sources)) {
      expect(source.match(symbols)?.[0], file).toBeUndefined()
    }
  })
})

describe('the German of the device pages', () => {
  it('says "Handlungsbedarf" and one phrasing for 48 hours without contact', () => {
    expect(de.health.title).toBe('Handlungsbedarf')
    expect(de.lastContact.quiet).toBe(de.health.quiet.title)
    expect(texts).not.toMatch(/Braucht Aufmerksamkeit|48 Std\./)
  })

  it('says "Konten" and "aktiviert", as Apple writes of its Modus „Verloren“', () => {
    expect(texts).not.toMatch(
      /Accounts|„Verloren“ (ist )?an\b|solange er an ist|einschalten|ausschalten/,
    )
    expect(de.badges.lostMode).toBe('Modus „Verloren“ aktiviert')
  })

  it('gives the reason a device cannot be located without repeating its label', () => {
    // Shown as "Orten: <reason>".
    expect(de.reasons.locateUnsupported).not.toMatch(/orten:/i)
  })

  it('says when an action was sent before the participle, so "jetzt" and "gestern" read too', () => {
    // "Wird geortet: jetzt gesendet", never "gesendet jetzt".
    expect(de.pending.since).toMatch(/^\{\{action\}\}: \{\{relative\}\} gesendet \(/)
    expect(de.pending.sinceLong).toMatch(/^\{\{action\}\}: \{\{relative\}\} gesendet \(/)
  })

  it('names the noun the user types exactly as shown', () => {
    expect(de.wipe.confirmHint).toMatch(/^Geben Sie den Gerätenamen <name>/)
  })
})
