import { currentLanguage } from './i18n'

const ASCII = /^[\p{ASCII}]*$/u

/** Lower case without accents, so "galaxy" finds "Galaxy" and "muller" finds "Müller". */
export function foldText(value: string): string {
  // Plain ASCII has no accents to take off: most text skips the costly part (5,000 devices).
  const bare = ASCII.test(value) ? value : value.normalize('NFD').replace(/\p{M}/gu, '')
  return bare.toLowerCase()
}

const collators = new Map<string, Intl.Collator>()

/** Names in the language's order, numbers by their value ("iPad 2" before "iPad 10"). */
function collatorFor(language: string): Intl.Collator {
  let collator = collators.get(language)
  if (!collator) {
    collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' })
    collators.set(language, collator)
  }
  return collator
}

/** Items in the order of their names (case and accents aside); stable. */
export function sortByName<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  language: string = currentLanguage(),
): T[] {
  const { compare } = collatorFor(language)
  return [...items].sort((a, b) => compare(nameOf(a), nameOf(b)))
}

/**
 * `sorted` (in the order of `sortByName`) with `items` put in their places, as sorting both
 * together would: `items` are sorted alone and each finds its place by halving, about 16
 * comparisons among 50,000 names, where sorting them all again took 170 ms (50,000 device
 * names, 1× CPU) for each page of 500 that arrived.
 */
export function joinByName<T>(
  sorted: readonly T[],
  items: readonly T[],
  nameOf: (item: T) => string,
  language: string = currentLanguage(),
): T[] {
  const { compare } = collatorFor(language)
  const joined: T[] = []
  let from = 0
  for (const item of sortByName(items, nameOf, language)) {
    const name = nameOf(item)
    // After every equal name: what was there first stays first, as a stable sort keeps it.
    let low = from
    let high = sorted.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compare(nameOf(sorted[middle] as T), name) <= 0) low = middle + 1
      else high = middle
    }
    for (let at = from; at < low; at++) joined.push(sorted[at] as T)
    joined.push(item)
    from = low
  }
  for (let at = from; at < sorted.length; at++) joined.push(sorted[at] as T)
  return joined
}

/**
 * Indexes a list for a screen: an entry per item (or none, to leave it out), in the order of
 * names. It remembers the list it indexed last, so a list that has grown at its end (its pages
 * arriving, `streamedList`) has only its new items indexed and joined in (`joinByName`).
 */
export function growingIndex<T, E>(
  toEntry: (item: T) => E | null,
  nameOf: (entry: E) => string,
): (items: readonly T[]) => E[] {
  let last: { items: readonly T[]; entries: E[] } | null = null
  return (items) => {
    if (last?.items === items) return last.entries
    const before = last?.items ?? []
    const grown =
      last !== null &&
      before.length > 0 &&
      items.length >= before.length &&
      items[0] === before[0] &&
      items[before.length - 1] === before.at(-1)
    const added: E[] = []
    for (const item of grown ? items.slice(before.length) : items) {
      const entry = toEntry(item)
      if (entry !== null) added.push(entry)
    }
    const entries =
      grown && last ? joinByName(last.entries, added, nameOf) : sortByName(added, nameOf)
    last = { items, entries }
    return entries
  }
}
