import { afterAll, describe, expect, it } from 'vitest'
import { changeLanguage, i18n, loadNamespaces } from './i18n'

// Every list says its count one way: "12 devices" unfiltered, "3 of 12 devices" filtered, its
// numbers as the language writes them (de: 1.234).
const LISTS = [
  ['devices', 'list', 'devices', 'Geräte', 'Geräten'],
  ['apps', 'list', 'apps', 'Apps', 'Apps'],
  ['admin', 'users', 'users', 'Benutzer', 'Benutzern'],
] as const

describe('the count of a list', () => {
  afterAll(() => changeLanguage('en'))

  it.each(LISTS)('%s (%s.count): "1,234 …" and "3 of 1,234 …" in English', async (ns, part, en) => {
    await changeLanguage('en')
    await loadNamespaces([ns])
    const t = i18n.getFixedT('en', ns)
    expect(t(`${part}.count`, { count: 1234 })).toBe(`1,234 ${en}`)
    expect(t(`${part}.countFiltered`, { count: 3, total: 1234 })).toBe(`3 of 1,234 ${en}`)
  })

  it.each(LISTS)(
    '%s (%s.count): "1.234 …" and "3 von 1.234 …" in German',
    async (ns, part, _en, de, of) => {
      await changeLanguage('de')
      await loadNamespaces([ns])
      const t = i18n.getFixedT('de', ns)
      expect(t(`${part}.count`, { count: 1234 })).toBe(`1.234 ${de}`)
      expect(t(`${part}.countFiltered`, { count: 3, total: 1234 })).toBe(`3 von 1.234 ${of}`)
    },
  )

  it("the activity's records, whose total the service does not say, are counted alike", async () => {
    await loadNamespaces(['records'])
    await changeLanguage('en')
    expect(i18n.getFixedT('en', 'records')('search.count', { count: 1234 })).toBe('1,234 records')
    await changeLanguage('de')
    expect(i18n.getFixedT('de', 'records')('search.count', { count: 1234 })).toBe('1.234 Einträge')
  })
})
