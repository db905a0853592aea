const ASCII = /^[\p{ASCII}]*$/u

/** Lower case without accents, so "galaxy" finds "Galaxy" and "muller" finds "Müller". */
export function foldText(value: string): string {
  // Plain ASCII has no accents to take off: most text skips the costly part (5,000 devices).
  const bare = ASCII.test(value) ? value : value.normalize('NFD').replace(/\p{M}/gu, '')
  return bare.toLowerCase()
}

const isDigit = (code: number) => code >= 48 && code <= 57

/**
 * The order of two folded names (`foldText`), with numbers by their value: "iPad 2" before
 * "iPad 10". What people expect of a list of names, as `Intl.Collator` with `numeric` gives it,
 * without its start-up cost: building the first collator of a page takes 20–60 ms of the main
 * thread (it loads the language's collation data), as long as rendering the whole list.
 */
export function compareFolded(a: string, b: string): number {
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(j)
    if (isDigit(x) && isDigit(y)) {
      let endA = i
      let endB = j
      while (endA < a.length && isDigit(a.charCodeAt(endA))) endA++
      while (endB < b.length && isDigit(b.charCodeAt(endB))) endB++
      // Leading zeros do not change a number's value.
      while (i < endA - 1 && a.charCodeAt(i) === 48) i++
      while (j < endB - 1 && b.charCodeAt(j) === 48) j++
      const longer = endA - i - (endB - j)
      if (longer !== 0) return longer
      for (; i < endA; i++, j++) {
        const digit = a.charCodeAt(i) - b.charCodeAt(j)
        if (digit !== 0) return digit
      }
      continue
    }
    if (x !== y) return x - y
    i++
    j++
  }
  return a.length - i - (b.length - j)
}

/** Items in the order of their names (case, accents and the length of numbers aside); stable. */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, key: foldText(nameOf(item)) }))
    .sort((a, b) => compareFolded(a.key, b.key))
    .map(({ item }) => item)
}
