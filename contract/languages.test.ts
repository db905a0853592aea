import { describe, expect, it } from 'vitest'
import { languageInCookie, preferredLanguage } from './languages'

describe('preferredLanguage: one reading of Accept-Language for portal and server', () => {
  it('takes the entry of highest quality, the earlier one on a tie', () => {
    expect(preferredLanguage('en;q=0.4, de;q=0.8')).toBe('de')
    expect(preferredLanguage('de;q=0.5, en;q=0.5')).toBe('de')
    expect(preferredLanguage('fr, en;q=0.2, de;q=0.9')).toBe('de')
    expect(preferredLanguage('de, en')).toBe('de')
  })

  it('reads a region subtag as its language, in any case', () => {
    expect(preferredLanguage('de-AT')).toBe('de')
    expect(preferredLanguage('EN-gb,de-CH;q=0.7')).toBe('en')
    expect(preferredLanguage(['fr-FR', 'de-DE', 'en-US'])).toBe('de')
  })

  it('reads * as English unless English is listed itself', () => {
    expect(preferredLanguage('*')).toBe('en')
    expect(preferredLanguage('de;q=0.3, *;q=0.5')).toBe('en')
    expect(preferredLanguage('en;q=0, *, de;q=0.5')).toBe('de')
  })

  it('passes over refused and unreadable entries, and answers null when none fits', () => {
    expect(preferredLanguage('de;q=0, en;q=0.1')).toBe('en')
    expect(preferredLanguage('de;q=abc, en;q=0.1')).toBe('en')
    expect(preferredLanguage('de;q=2, en;q=0.1')).toBe('en')
    expect(preferredLanguage('fr, it;q=0.5')).toBeNull()
    expect(preferredLanguage(';;,,q=,-')).toBeNull()
    expect(preferredLanguage('')).toBeNull()
    expect(preferredLanguage(undefined)).toBeNull()
  })
})

describe('languageInCookie: the language chosen in the portal, for the page the server sends', () => {
  it('finds ours among other cookies', () => {
    expect(languageInCookie('portal-language=de')).toBe('de')
    expect(languageInCookie('theme=dark; portal-language=en; x=1')).toBe('en')
  })

  it('ignores a language we do not speak, another name, and no header', () => {
    expect(languageInCookie('portal-language=fr')).toBeNull()
    expect(languageInCookie('language=de')).toBeNull()
    expect(languageInCookie('portal-language=')).toBeNull()
    expect(languageInCookie(undefined)).toBeNull()
  })
})
