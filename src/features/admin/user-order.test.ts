import { describe, expect, it } from 'vitest'
import { orderUsers, readUserListParams, writeUserListParams } from './user-order'

// In the order of their names, as the list's index gives them.
const byName = [
  { name: 'Anna Berg', user: { sid: 'S-1' } },
  { name: 'Ben Meyer', user: { sid: 'S-2' } },
  { name: 'Chris Wolf', user: { sid: 'S-3' } },
  { name: 'Dora Lang', user: { sid: 'S-4' } },
]
// Each user's devices by sid (what `devicesByUser` gives): Anna has none.
const counts = new Map([
  ['S-2', ['pixel', 'mac']],
  ['S-3', ['iphone']],
  ['S-4', ['ipad', 'galaxy']],
])
const names = (entries: readonly { name: string }[]) => entries.map((entry) => entry.name)

describe("the help desk's user list order", () => {
  it('keeps the order of names by default, as the same list', () => {
    expect(orderUsers(byName, 'name', counts)).toBe(byName)
  })

  it('puts the users with the most devices first, equal counts by name, none last', () => {
    expect(names(orderUsers(byName, 'devices-desc', counts))).toEqual([
      'Ben Meyer',
      'Dora Lang',
      'Chris Wolf',
      'Anna Berg',
    ])
  })

  it('puts the users with the fewest devices first (those yet to enroll one), equal by name', () => {
    expect(names(orderUsers(byName, 'devices-asc', counts))).toEqual([
      'Anna Berg',
      'Chris Wolf',
      'Ben Meyer',
      'Dora Lang',
    ])
  })

  it('stays by name while the devices are not all counted: no user moves on a guess', () => {
    expect(orderUsers(byName, 'devices-desc', null)).toBe(byName)
    expect(orderUsers(byName, 'devices-asc', null)).toBe(byName)
  })
})

describe("the user list's address", () => {
  it('keeps the search and an order other than by name; the default is left out', () => {
    expect(writeUserListParams({ q: 'anna', sort: 'name' }).toString()).toBe('q=anna')
    expect(writeUserListParams({ q: '', sort: 'devices-desc' }).toString()).toBe(
      'sort=devices-desc',
    )
    expect(readUserListParams(new URLSearchParams('q=anna&sort=devices-asc'))).toEqual({
      q: 'anna',
      sort: 'devices-asc',
    })
  })

  it('reads an unknown order (an old or mistyped link) as by name, without an error', () => {
    expect(readUserListParams(new URLSearchParams('sort=created'))).toEqual({ q: '', sort: 'name' })
  })
})
