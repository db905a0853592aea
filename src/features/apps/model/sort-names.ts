/**
 * Names in alphabetical order as people expect it (case and accents aside, "App 9" before
 * "App 10"), quickly enough for thousands of them.
 *
 * An `Intl.Collator` decides the order. Making the first one costs a page tens of milliseconds
 * (the browser loads its locale data), so there is one per language, made ahead (`prepareSort`)
 * while the answers are on their way. Comparing with it is slow as well: 2,000 names take some
 * 20,000 comparisons. Names written in plain letters, digits, spaces and ASCII punctuation (once
 * accents are taken off) therefore get a sort key each, made once, that orders them as the
 * collator does when compared as strings: each character's place comes from the collator itself,
 * and a run of digits stands for its number. A list with any other name is left to the collator.
 */

const OPTIONS: Intl.CollatorOptions = { sensitivity: 'base', numeric: true }
/** Spaces and ASCII punctuation; their order is the collator's. */
const MARKS = ` !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'
/** Key characters: marks, then a number (its length, its digits), then letters. */
const MARK_BASE = 0x100
const NUMBER = 0x200
const DIGIT_BASE = 0x300
const LETTER_BASE = 0x400
const PLAIN = /^[\x20-\x7e]*$/

interface Sorter {
  collator: Intl.Collator
  /** The place of each mark, or null where the collator orders plain text otherwise. */
  marks: ReadonlyMap<string, number> | null
}

const sorters = new Map<string, Sorter>()

/** The rank of each mark in the collator's order (equal marks share one), if it is the usual. */
function rankMarks(collator: Intl.Collator): Map<string, number> | null {
  const marks = [...MARKS].sort(collator.compare)
  const ranks = new Map<string, number>()
  let rank = 0
  marks.forEach((mark, index) => {
    const previous = marks[index - 1]
    if (previous !== undefined && collator.compare(previous, mark) !== 0) rank++
    ranks.set(mark, rank)
  })
  // The keys rest on marks before digits before letters, letters in order and without case.
  const last = marks.at(-1) ?? ''
  const letters = [...LETTERS]
  const usual =
    collator.compare(last, '0') < 0 &&
    collator.compare('9', 'a') < 0 &&
    collator.compare('2', '10') < 0 &&
    collator.compare('1', '01') === 0 &&
    letters.every(
      (letter, index) =>
        collator.compare(letter, letter.toUpperCase()) === 0 &&
        (index === 0 || collator.compare(letters[index - 1] ?? '', letter) < 0),
    )
  return usual ? ranks : null
}

function sorterFor(locale: string): Sorter {
  let sorter = sorters.get(locale)
  if (!sorter) {
    const collator = new Intl.Collator(locale, OPTIONS)
    sorter = { collator, marks: rankMarks(collator) }
    sorters.set(locale, sorter)
  }
  return sorter
}

/** Makes the collator of a language before names are sorted in it. */
export function prepareSort(locale: string): void {
  sorterFor(locale)
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39

/** The key of a plain name, or null when the name is not plain. */
function sortKey(name: string, marks: ReadonlyMap<string, number>): string | null {
  let text = name
  if (!PLAIN.test(text)) {
    text = text.normalize('NFD').replace(/\p{Diacritic}/gu, '')
    if (!PLAIN.test(text)) return null
  }
  // Far longer than any name: left to the collator, as is a number longer than it reads whole.
  if (text.length > 500) return null
  text = text.toLowerCase()
  const key: number[] = []
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (isDigit(code)) {
      // A number: leading zeros do not count, and a longer number is a larger one.
      let end = index
      while (end < text.length && isDigit(text.charCodeAt(end))) end++
      let start = index
      while (start < end - 1 && text.charCodeAt(start) === 0x30) start++
      if (end - start > 200) return null
      key.push(NUMBER, NUMBER + end - start)
      for (let digit = start; digit < end; digit++) key.push(DIGIT_BASE + text.charCodeAt(digit))
      index = end - 1
    } else if (code >= 0x61 && code <= 0x7a) {
      key.push(LETTER_BASE + code)
    } else {
      const rank = marks.get(text.charAt(index))
      if (rank === undefined) return null
      key.push(MARK_BASE + rank)
    }
  }
  return String.fromCharCode(...key)
}

/** The sort key of a name in `locale`, or null where the collator has to compare it. */
export function nameSortKey(name: string, locale: string): string | null {
  const { marks } = sorterFor(locale)
  return marks && sortKey(name, marks)
}

/** `items` by their names in the order of `locale`; equal names keep their order. */
export function sortByName<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  locale: string,
): T[] {
  const { collator, marks } = sorterFor(locale)
  const named = items.map((item) => ({ item, name: nameOf(item), key: '' }))
  let keyed = marks !== null
  for (const entry of named) {
    const key = keyed && marks ? sortKey(entry.name, marks) : null
    if (key === null) {
      keyed = false
      break
    }
    entry.key = key
  }
  const compare = keyed
    ? (a: (typeof named)[number], b: (typeof named)[number]) =>
        a.key < b.key ? -1 : a.key > b.key ? 1 : 0
    : (a: (typeof named)[number], b: (typeof named)[number]) => collator.compare(a.name, b.name)
  return named.sort(compare).map(({ item }) => item)
}
