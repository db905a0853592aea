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
