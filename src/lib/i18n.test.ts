import { describe, expect, it } from 'vitest'
import { detectLanguage, resources } from './i18n'

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  )
}

describe('locales', () => {
  it.each(Object.keys(resources.en))('de has exactly the keys of en in %s', (namespace) => {
    const en = keys(resources.en[namespace as keyof typeof resources.en]).sort()
    const de = keys(resources.de[namespace as keyof typeof resources.de]).sort()
    expect(de).toEqual(en)
  })

  it('has no empty texts', () => {
    for (const language of ['en', 'de'] as const) {
      for (const [namespace, texts] of Object.entries(resources[language])) {
        for (const key of keys(texts)) {
          const text = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts)
          expect(text, `${language}/${namespace}: ${key}`).not.toBe('')
        }
      }
    }
  })
})

describe('detectLanguage', () => {
  it('keeps a remembered choice', () => {
    expect(detectLanguage('de', ['en-US'])).toBe('de')
  })
  it('takes German when the browser prefers it', () => {
    expect(detectLanguage(null, ['de-AT', 'en'])).toBe('de')
  })
  it('takes the first language the portal speaks', () => {
    expect(detectLanguage(null, ['fr-FR', 'en-GB', 'de'])).toBe('en')
  })
  it('falls back to English', () => {
    expect(detectLanguage(null, ['fr', 'it'])).toBe('en')
    expect(detectLanguage('xx', [])).toBe('en')
  })
})
