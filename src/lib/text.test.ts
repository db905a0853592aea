import { describe, expect, it } from 'vitest'
import { compareFolded, foldText, sortByName } from './text'

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

  it('agrees with Intl.Collator (numeric, base) on ordinary device names', () => {
    const names = [
      'Anna’s iPhone 15',
      'Anna’s iPhone 9',
      'Galaxy S23',
      'galaxy s8',
      'Pixel 7a',
      'Pixel 7',
      'Surface Go 3',
      'iPad Air (5th generation)',
      'iPad Air',
      'MacBook Air M2',
      'Mac mini',
      'Zebra TC52',
    ]
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
    expect(sorted(names)).toEqual([...names].sort((a, b) => collator.compare(a, b)))
  })

  it('compares equal folded names as equal', () => {
    expect(compareFolded('ipad 2', 'ipad 2')).toBe(0)
    expect(compareFolded('ipad 002', 'ipad 2')).toBe(0)
  })
})
