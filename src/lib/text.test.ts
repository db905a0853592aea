import { describe, expect, it } from 'vitest'
import { foldText, growingIndex, joinByName, sortByName } from './text'

describe('foldText', () => {
  it('takes off case and accents', () => {
    expect(foldText('Müller’s Galaxy')).toBe('muller’s galaxy')
    expect(foldText('ÉCOLE')).toBe('ecole')
    expect(foldText('iPad')).toBe('ipad')
  })
})

describe('sortByName', () => {
  const sorted = (names: string[]) => sortByName(names, (name) => name)

  it('orders numbers by their value, as people count', () => {
    expect(sorted(['iPad 10', 'iPad 2', 'iPad 1', 'iPad 02b'])).toEqual([
      'iPad 1',
      'iPad 2',
      'iPad 02b',
      'iPad 10',
    ])
    expect(sorted(['Device 100', 'Device 99', 'Device 1000'])).toEqual([
      'Device 99',
      'Device 100',
      'Device 1000',
    ])
  })

  it('ignores case and accents, and keeps the order of names that differ only there', () => {
    expect(sorted(['zebra', 'Äpfel', 'apple', 'Banane', 'ÖL', 'obst'])).toEqual([
      'Äpfel',
      'apple',
      'Banane',
      'obst',
      'ÖL',
      'zebra',
    ])
    expect(sorted(['iPad', 'IPAD', 'ipad'])).toEqual(['iPad', 'IPAD', 'ipad'])
  })

  it('puts a name before the longer names it begins', () => {
    expect(sorted(['MacBook Pro', 'MacBook', 'Mac'])).toEqual(['Mac', 'MacBook', 'MacBook Pro'])
  })
})

describe('joinByName and growingIndex', () => {
  const names = [
    'iPad 10',
    'Äpfel',
    'iPad 2',
    'apple',
    'zebra',
    'Banane',
    'iPad 02b',
    'APPLE',
    'obst',
    'ÖL',
    'Device 100',
    'Device 99',
  ]
  const same = (name: string) => name

  it('puts a page of names where sorting all of them together would', () => {
    for (let cut = 0; cut <= names.length; cut++) {
      const sorted = sortByName(names.slice(0, cut), same)
      expect(joinByName(sorted, names.slice(cut), same)).toEqual(sortByName(names, same))
    }
  })

  it('indexes a list that grows at its end as the whole list sorted, each item once', () => {
    const seen: string[] = []
    const index = growingIndex(
      (name: string) => {
        seen.push(name)
        return name === 'zebra' ? null : { name }
      },
      (entry) => entry.name,
    )
    let list: string[] = []
    for (let at = 0; at < names.length; at += 5) {
      list = list.concat(names.slice(at, at + 5))
      expect(index(list).map((entry) => entry.name)).toEqual(
        sortByName(
          list.filter((name) => name !== 'zebra'),
          same,
        ),
      )
    }
    expect(seen).toEqual(names)
    // Another list altogether (read again) is indexed anew.
    const again = [...names].reverse()
    expect(index(again)).toHaveLength(names.length - 1)
    expect(seen).toHaveLength(names.length * 2)
  })
})
