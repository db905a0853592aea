import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { failureBody } from '../http/api-failure.ts'
import { roleForbiddenText } from '../roles/role-texts.ts'
import { i18n, portalTexts, serverTexts } from './texts.ts'

const LOCALES = new URL('../../locales/', import.meta.url)

/** The server's texts as the files on disk hold them, key by key (`http.failures.tooBusy`). */
function serverFiles(language: 'en' | 'de'): Map<string, string> {
  const texts = new Map<string, string>()
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') texts.set(prefix, node)
    else
      for (const [key, child] of Object.entries(node as object))
        walk(child, prefix ? `${prefix}.${key}` : key)
  }
  const folder = new URL(`${language}/`, LOCALES)
  for (const file of readdirSync(folder).filter((name) => name.startsWith('server.'))) {
    walk(JSON.parse(readFileSync(new URL(file, folder), 'utf8')), '')
  }
  return texts
}

describe("the server's texts", () => {
  it.each(['en', 'de'] as const)(
    'reads every part of locales/%s/server.*.json through i18next',
    (language) => {
      const files = serverFiles(language)
      expect(files.size).toBeGreaterThan(50)
      const t = serverTexts(language)
      for (const [key, text] of files) {
        // The keys come from the files: one fixed key's type stands in for them.
        expect(t(key as 'pages.home'), key).toBe(text)
      }
    },
  )

  it("knows the English files' keys: a key they lack is refused before it runs", () => {
    // @ts-expect-error A key the English files do not have fails `tsc` (src/lib/i18next.d.ts).
    expect(serverTexts('en')('http.failures.noSuchFailure')).toBe('http.failures.noSuchFailure')
  })

  it('answers in the words of the locale files, not words kept in code', () => {
    const text = (words: string) => ({ http: { failures: { tooBusy: words } } })
    const original = serverFiles('de').get('http.failures.tooBusy') ?? ''
    i18n.addResourceBundle('de', 'server', text('Geändert.'), true, true)
    try {
      expect(failureBody('tooBusy', 'de-DE, en;q=0.5').errormessage).toBe('Geändert.')
    } finally {
      i18n.addResourceBundle('de', 'server', text(original), true, true)
    }
    expect(failureBody('tooBusy', 'de-DE').errormessage).toBe(original)
    expect(failureBody('tooBusy', 'en').errormessage).toBe(
      serverFiles('en').get('http.failures.tooBusy'),
    )
  })

  it('fills names into a text with i18next, in the language of the answer', () => {
    expect(roleForbiddenText('en', 'auditor', 'lock')).toBe(
      'As an auditor, you cannot lock devices. Ask the help desk or an administrator.',
    )
    expect(roleForbiddenText('de', 'helpdesk', 'wipe')).toBe(
      'Mit der Rolle Helpdesk können Sie keine Geräte löschen. Fragen Sie einen Administrator.',
    )
  })

  it("reads the portal's own texts where a page of the server says what a screen says", () => {
    const common = (language: string) =>
      JSON.parse(readFileSync(new URL(`${language}/common.json`, LOCALES), 'utf8')) as {
        product: { name: string }
      }
    expect(portalTexts('de', 'common')('product.name')).toBe(common('de').product.name)
    expect(portalTexts('en', 'common')('product.name')).toBe(common('en').product.name)
  })
})
