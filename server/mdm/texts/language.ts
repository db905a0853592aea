import type { Language } from '../../../contract/languages.ts'

/** The two languages of the service (spec: Accept-Language allows en and de, en is the default). */
export type Lang = Language

export function languageOfCulture(culture: string): Lang {
  return culture.toLowerCase().startsWith('de') ? 'de' : 'en'
}

export function numberFormat(lang: Lang, fractionDigits: number): Intl.NumberFormat {
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: false,
  })
}
