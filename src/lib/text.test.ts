import { describe, expect, it } from 'vitest'
import { foldText, sortByName } from './text'

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
