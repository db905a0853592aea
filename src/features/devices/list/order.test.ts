import { describe, expect, it } from 'vitest'
import { orderEntries } from './order'

// In the order of their names, as the list's index gives them.
const byName = [
  { name: 'Anna iPad', contact: 2_000 },
  { name: 'Anna iPhone', contact: null },
  { name: 'Ben Mac', contact: 1_000 },
  { name: 'Ben Pixel', contact: 3_000 },
  { name: 'Cleo Galaxy', contact: 1_000 },
  { name: 'Dora Tab', contact: null },
]
const names = (entries: readonly { name: string }[]) => entries.map((entry) => entry.name)

describe('the device list order', () => {
  it('keeps the order of names by default, as the same list', () => {
    expect(orderEntries(byName, 'name')).toBe(byName)
  })

  it('puts the newest contact first, equal dates by name, never-reported last', () => {
    expect(names(orderEntries(byName, 'lastcontact-desc'))).toEqual([
      'Ben Pixel',
      'Anna iPad',
      'Ben Mac',
      'Cleo Galaxy',
      'Anna iPhone',
      'Dora Tab',
    ])
  })

  it('puts the oldest contact first, equal dates by name, never-reported still last', () => {
    expect(names(orderEntries(byName, 'lastcontact-asc'))).toEqual([
      'Ben Mac',
      'Cleo Galaxy',
      'Anna iPad',
      'Ben Pixel',
      'Anna iPhone',
      'Dora Tab',
    ])
  })

  it('leaves the list it was given as it was', () => {
    const copy = [...byName]
    orderEntries(byName, 'lastcontact-asc')
    expect(byName).toEqual(copy)
  })
})
