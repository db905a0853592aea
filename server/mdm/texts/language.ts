/** The two languages of the service (spec: Accept-Language allows en and de, en is the default). */
export type Lang = 'en' | 'de'

/**
 * Picks the preferred of en and de from an Accept-Language header by quality; a primary tag `de`
 * (de, de-DE, de-AT …) means German, everything else English.
 */
export function languageOf(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  let best: { lang: Lang; q: number } | null = null
  for (const part of value.split(',')) {
    const [tag = '', ...params] = part.trim().split(';')
    const primary = tag.trim().toLowerCase().split('-')[0]
    if (primary !== 'de' && primary !== 'en') continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const q = qParam ? Number(qParam.slice(2)) : 1
    if (Number.isNaN(q) || q <= 0) continue
    if (!best || q > best.q) best = { lang: primary, q }
  }
  return best?.lang ?? 'en'
}

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
