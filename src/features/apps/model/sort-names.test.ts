import { describe, expect, it } from 'vitest'
import { nameSortKey, sortByName } from './sort-names'

const ALPHABET = `aAbBzZ09817 -_.,;:!?'"()[]{}@*/\\&#%\`^+<=>|~$äÖéç`

/** A name of up to 8 characters from ALPHABET, the same for the same seed. */
function nameFrom(seed: number): string {
  let state = seed * 2654435761
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state
  }
  const length = next() % 9
  return Array.from({ length }, () => ALPHABET[next() % ALPHABET.length]).join('')
}

const sign = (value: number) => Math.sign(value)

describe.each(['en', 'de'])('names sorted in %s', (locale) => {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })

  it('orders plain names by their keys exactly as the collator orders them', () => {
    const names = Array.from({ length: 600 }, (_, seed) => nameFrom(seed))
    let compared = 0
    for (const a of names) {
      for (const b of names.slice(0, 60)) {
        const keyA = nameSortKey(a, locale)
        const keyB = nameSortKey(b, locale)
        expect(keyA).not.toBeNull()
        if (keyA === null || keyB === null) continue
        const byKey = keyA < keyB ? -1 : keyA > keyB ? 1 : 0
        if (byKey !== sign(collator.compare(a, b))) expect([a, b, byKey]).toBe('ordered alike')
        compared++
      }
    }
    expect(compared).toBe(600 * 60)
  })

  it('counts numbers by their value, and leaves case and accents aside', () => {
    const names = ['App 10', 'app 9', 'App 009', 'Äpfel', 'apfel', 'Zebra', 'App 1.5', 'App 1-5']
    const sorted = sortByName(names, (name) => name, locale)
    expect(sorted).toEqual([...names].sort(collator.compare))
    expect(sorted.slice(2, 7)).toEqual(['App 1-5', 'App 1.5', 'app 9', 'App 009', 'App 10'])
  })

  it('leaves a list with a name that is not plain to the collator', () => {
    expect(nameSortKey('Straße', locale)).toBeNull()
    const names = ['Strasse B', 'Straße A', 'Strase', 'Stras']
    expect(sortByName(names, (name) => name, locale)).toEqual([...names].sort(collator.compare))
  })
})
