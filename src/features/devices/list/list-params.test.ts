import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  readListParams,
  localDayBound,
  toApiFilter,
  writeListParams,
} from './list-params'
import { matchesSearch, searchText } from './search'
import { deviceSchema } from '@contract/schemas'

const read = (query: string) => readListParams(new URLSearchParams(query))

describe('list params', () => {
  it('read what the address holds and ignore what is not valid', () => {
    expect(
      read('managed=true&wiped=false&contactFrom=2024-05-01&locatedTo=2024-02-30&q=pixel'),
    ).toEqual({
      managed: true,
      wiped: false,
      contactFrom: '2024-05-01',
      contactTo: '',
      locatedFrom: '',
      locatedTo: '',
      q: 'pixel',
      sort: 'name',
    })
    expect(read('managed=maybe').managed).toBeNull()
  })

  it('write back only what is set', () => {
    const params = read('wiped=true&q=mac&contactTo=2024-05-03')
    expect(writeListParams(params).toString()).toBe('wiped=true&contactTo=2024-05-03&q=mac')
    expect(writeListParams(read('')).toString()).toBe('')
  })

  it('read the order, and take an order they do not know for the default, by name', () => {
    expect(read('sort=lastcontact-asc').sort).toBe('lastcontact-asc')
    expect(read('sort=lastcontact-desc&q=mac').sort).toBe('lastcontact-desc')
    for (const unknown of ['sort=battery', 'sort=', 'sort=LASTCONTACT-ASC', '']) {
      expect(read(unknown).sort, unknown).toBe('name')
    }
  })

  it('write the order only when it is not the default, and never ask the service for it', () => {
    expect(writeListParams(read('sort=lastcontact-asc&q=mac')).toString()).toBe(
      'q=mac&sort=lastcontact-asc',
    )
    expect(writeListParams(read('sort=name')).toString()).toBe('')
    expect(writeListParams(read('sort=nonsense')).toString()).toBe('')
    // The order is the portal's: the same service filter, so no new request and no loader.
    expect(toApiFilter(read('managed=true&sort=lastcontact-desc'))).toEqual(
      toApiFilter(read('managed=true')),
    )
    expect(activeFilterCount(read('sort=lastcontact-desc'))).toBe(0)
  })

  it('become the service filter with whole local days as bounds, without the search', () => {
    expect(
      toApiFilter(read('managed=false&contactFrom=2024-05-01&contactTo=2024-05-03&q=x')),
    ).toEqual({
      managed: false,
      lastcontact: {
        from: localDayBound('2024-05-01', 'start'),
        to: localDayBound('2024-05-03', 'end'),
      },
    })
    expect(toApiFilter(read('locatedFrom=2024-05-01'))).toEqual({
      locationtimestamp: { from: localDayBound('2024-05-01', 'start') },
    })
    expect(toApiFilter(read(''))).toEqual({})
  })

  it('bound a day by its first and last millisecond in the local time zone', () => {
    // Spec, device list filter: "ISO 8601 date-time with or without milliseconds, ending in Z
    // or with an offset written as +H, +HH or +HH:MM".
    const form = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/
    for (const day of ['2024-01-15', '2024-03-31', '2024-10-27', '2024-07-01']) {
      const start = localDayBound(day, 'start')
      const end = localDayBound(day, 'end')
      expect(start).toMatch(form)
      expect(end).toMatch(form)
      const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
      expect(new Date(start).getTime()).toBe(new Date(year, month - 1, date).getTime())
      expect(new Date(end).getTime()).toBe(new Date(year, month - 1, date + 1).getTime() - 1)
    }
  })

  it('leave out a range that ends before it starts', () => {
    expect(toApiFilter(read('contactFrom=2024-05-03&contactTo=2024-05-01'))).toEqual({})
  })

  it('count the active filters and compare addresses by their filter', () => {
    expect(
      activeFilterCount(read('managed=true&contactFrom=2024-05-01&contactTo=2024-05-02')),
    ).toBe(2)
    // A range whose start is after its end is ignored, as the page says: it is not counted.
    expect(activeFilterCount(read('contactFrom=2024-05-03&contactTo=2024-05-02'))).toBe(0)
    expect(activeFilterCount(read('wiped=false&locatedFrom=2024-05-03&locatedTo=2024-05-01'))).toBe(
      1,
    )
    const a = toApiFilter(read('managed=true&q=a'))
    expect(toApiFilter(read('managed=true&q=abc'))).toEqual(a)
    expect(toApiFilter(read('managed=false&q=a'))).not.toEqual(a)
  })
})

describe('search', () => {
  const device = deviceSchema.parse({
    clientid: 'x',
    displayname: "Anna's iPhone",
    modelname: 'iPhone 15 Pro',
    serialnumber: 'F2LXK4Q9N7PQ',
    osname: 'iOS 17.5.1',
  })
  const text = searchText(device)

  it('finds by name, model, serial number and OS, in any case and word order', () => {
    for (const query of ['anna', 'IPHONE 15', 'f2lxk', 'ios 17', 'pro anna', '  ']) {
      expect(matchesSearch(text, query), query).toBe(true)
    }
    expect(matchesSearch(text, 'pixel')).toBe(false)
  })

  it('ignores accents', () => {
    expect(matchesSearch(searchText({ ...device, displayname: 'Jürgens Mac' }), 'jurgen')).toBe(
      true,
    )
  })
})
