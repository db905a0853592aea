import { describe, expect, it } from 'vitest'
import { paths } from '@/lib/paths'
import {
  NO_FILTERS,
  readActivityAddress,
  toActivityFilter,
  writeActivityFilters,
  type ActivityFilters,
} from './activity-address'

const read = (query: string) => readActivityAddress(new URLSearchParams(query))

const every: ActivityFilters = {
  from: '2026-03-01',
  to: '2026-03-31',
  action: 'lock',
  sender: 'helpdesk',
  device: 'iphone-1',
  user: 'S-anna',
}

describe("the Activity screen's address", () => {
  it('holds every filter, and reads back what it wrote', () => {
    const address = writeActivityFilters(every)
    expect(address.toString()).toBe(
      'from=2026-03-01&to=2026-03-31&action=lock&sender=helpdesk&device=iphone-1&user=S-anna',
    )
    expect(readActivityAddress(address)).toEqual({ filters: every, problems: [] })
  })

  it('is empty without filters, and an empty address filters nothing', () => {
    expect(writeActivityFilters(NO_FILTERS).toString()).toBe('')
    expect(read('')).toEqual({ filters: NO_FILTERS, problems: [] })
    // A member left empty, as a form sends it, is no filter and nothing to warn of.
    expect(read('action=&from=&device=')).toEqual({ filters: NO_FILTERS, problems: [] })
  })

  // The links of a device's and a user's pages lead to the filter this module reads.
  it('reads the device and the user the pages link to, whatever characters their ids hold', () => {
    const device = 'serial:F2 LX/1?&#ü'
    const link = new URL(paths.adminActivity({ device, user: 'S-1+2' }), 'http://portal.test')
    expect(link.pathname).toBe('/admin/activity')
    expect(readActivityAddress(link.searchParams).filters).toEqual({
      ...NO_FILTERS,
      device,
      user: 'S-1+2',
    })
    expect(paths.adminActivity()).toBe('/admin/activity')
  })

  it.each([
    ['from', 'yesterday'],
    ['from', '2026-02-30'],
    ['from', '2026-2-3'],
    ['from', '03.02.2026'],
    ['from', '2026-02-03T10:00'],
    ['to', '2026-13-01'],
    ['to', ' 2026-02-03'],
    ['action', 'LOCK'],
    ['action', 'Lock'],
    ['action', 'erase'],
    ['action', 'lock,wipe'],
    ['sender', 'admin'],
    ['sender', 'Helpdesk'],
    ['device', 'x'.repeat(201)],
    ['device', 'iphone\u0000'],
    ['user', 'S-1\nS-2'],
    ['user', 'S'.repeat(201)],
  ] as const)('leaves out %s=%j and says so, the other filters kept', (name, value) => {
    const others = { action: 'wipe', sender: 'user', device: 'iphone-1' } as const
    const { filters, problems } = readActivityAddress(
      new URLSearchParams({ ...others, [name]: value }),
    )
    expect(problems).toEqual([{ kind: 'invalid', name, value }])
    expect(filters).toEqual({ ...NO_FILTERS, ...others, [name]: '' })
  })

  it('leaves out both dates of a range that ends before it starts, and says which', () => {
    expect(read('from=2026-05-02&to=2026-05-01&action=lock')).toEqual({
      filters: { ...NO_FILTERS, action: 'lock' },
      problems: [{ kind: 'reversed', from: '2026-05-02', to: '2026-05-01' }],
    })
    // One day is a range of its own.
    expect(read('from=2026-05-02&to=2026-05-02').problems).toEqual([])
  })

  it('says which members it does not know, once each', () => {
    expect(read('acton=lock&q=anna&acton=wipe&sender=portal')).toEqual({
      filters: { ...NO_FILTERS, sender: 'portal' },
      problems: [
        { kind: 'unknown', name: 'acton' },
        { kind: 'unknown', name: 'q' },
      ],
    })
  })

  it('uses the first of a member given twice, and says so once', () => {
    expect(read('action=lock&action=wipe&action=locate')).toEqual({
      filters: { ...NO_FILTERS, action: 'lock' },
      problems: [{ kind: 'repeated', name: 'action' }],
    })
  })

  it('is never thrown by what an address holds', () => {
    const odd = ['%', '%E0%A4%A', '\u{1F600}', '<script>', '..', '=', '&&&', 'from', '?from=']
    for (const value of odd) {
      expect(() => read(`from=${value}&${value}=1&device=${value}`)).not.toThrow()
    }
  })
})

describe('the search an address asks the service for', () => {
  it('sends the device and user it names, beside the other filters', () => {
    const filter = toActivityFilter(every)
    expect(filter).toMatchObject({
      clientid: 'iphone-1',
      sid: 'S-anna',
      actions: ['lock'],
      actor: 'helpdesk',
    })
    expect(new Date(filter.from!).getTime()).toBe(new Date(2026, 2, 1).getTime())
    expect(new Date(filter.to!).getTime()).toBe(new Date(2026, 2, 31, 23, 59, 59, 999).getTime())
  })

  it("keeps to a user's page's own user, whatever the filters name", () => {
    expect(toActivityFilter({ ...NO_FILTERS, user: 'S-other' }, { sid: 'S-anna' })).toEqual({
      sid: 'S-anna',
    })
    expect(toActivityFilter(NO_FILTERS)).toEqual({})
  })
})
