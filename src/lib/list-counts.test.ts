import { afterAll, describe, expect, it } from 'vitest'
import { changeLanguage, i18n, loadNamespaces } from './i18n'

// Every list says its count one way: "12 devices" unfiltered, "3 of 12 devices" filtered, its
// numbers as the language writes them (de: 1.234).
const LISTS = [
  ['devices', 'list', 'devices', 'Geräte', 'Geräten', 'device', 'Gerät'],
  ['apps', 'list', 'apps', 'Apps', 'Apps', 'app', 'App'],
  ['admin', 'users', 'users', 'Benutzer', 'Benutzern', 'user', 'Benutzer'],
] as const

describe('the count of a list', () => {
  afterAll(() => changeLanguage('en'))

  // The noun goes with the whole: "0 of 1 device", whatever the search left.
  it.each(LISTS)(
    '%s (%s.count): "1,234 …" and "3 of 1,234 …" in English',
    async (ns, part, en, _de, _of, one) => {
      await changeLanguage('en')
      await loadNamespaces([ns])
      const t = i18n.getFixedT('en', ns)
      expect(t(`${part}.count`, { count: 1234 })).toBe(`1,234 ${en}`)
      expect(t(`${part}.countFiltered`, { count: 1234, shown: 3 })).toBe(`3 of 1,234 ${en}`)
      expect(t(`${part}.countFiltered`, { count: 1, shown: 0 })).toBe(`0 of 1 ${one}`)
    },
  )

  it.each(LISTS)(
    '%s (%s.count): "1.234 …" and "3 von 1.234 …" in German',
    async (ns, part, _en, de, of, _one, einem) => {
      await changeLanguage('de')
      await loadNamespaces([ns])
      const t = i18n.getFixedT('de', ns)
      expect(t(`${part}.count`, { count: 1234 })).toBe(`1.234 ${de}`)
      expect(t(`${part}.countFiltered`, { count: 1234, shown: 3 })).toBe(`3 von 1.234 ${of}`)
      expect(t(`${part}.countFiltered`, { count: 1, shown: 0 })).toBe(`0 von 1 ${einem}`)
    },
  )

  it("the activity's records, whose total the service does not say, are counted alike", async () => {
    await loadNamespaces(['records'])
    await changeLanguage('en')
    expect(i18n.getFixedT('en', 'records')('search.count', { count: 1234 })).toBe('1,234 records')
    await changeLanguage('de')
    expect(i18n.getFixedT('de', 'records')('search.count', { count: 1234 })).toBe('1.234 Einträge')
  })

  it('while a long list arrives, the noun goes with what has arrived', async () => {
    await loadNamespaces(['devices', 'admin'])
    await changeLanguage('en')
    expect(i18n.t('admin:users.countArriving', { count: 1, shown: 0 })).toBe(
      'Showing 0 of the 1 user loaded so far: the others are still arriving',
    )
    expect(i18n.t('devices:list.countArriving', { count: 500, shown: 3 })).toBe(
      'Showing 3 of the 500 devices loaded so far: the others are still arriving',
    )
    await changeLanguage('de')
    expect(i18n.t('admin:users.countArriving', { count: 1, shown: 0 })).toBe(
      '0 von 1 bisher geladenem Benutzer: die übrigen werden noch geladen',
    )
    expect(i18n.t('devices:list.countArriving', { count: 2500, shown: 3 })).toBe(
      '3 von den 2.500 bisher geladenen Geräten: die übrigen werden noch geladen',
    )
  })
})
