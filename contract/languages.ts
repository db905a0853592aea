/** The languages of the portal and of the service (spec: Accept-Language allows en and de). */
export const LANGUAGES = ['en', 'de'] as const
export type Language = (typeof LANGUAGES)[number]

const QUALITY = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i

/**
 * The one Accept-Language reading of portal and server: the language of ours the header (or
 * the browser's ordered list, `navigator.languages`) prefers, by quality (RFC 9110 §12.5.4), the
 * earlier entry on a tie; a region does not matter (`de-AT` is German). `*` stands for English,
 * the default, unless English is listed itself; `q=0` refuses. `null` when nothing fits, so each
 * caller picks its own default. Entries it cannot read are passed over.
 */
export function preferredLanguage(
  ranges: string | readonly string[] | null | undefined,
): Language | null {
  const value = typeof ranges === 'string' ? ranges : (ranges ?? []).join(',')
  const entries = value.split(',').map((part) => {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim())
    const quality = params.find((param) => /^q=/i.test(param))
    const q = quality === undefined ? 1 : QUALITY.test(quality) ? Number(quality.slice(2)) : 0
    return { primary: tag.toLowerCase().split('-')[0] ?? '', q }
  })
  const englishListed = entries.some((entry) => entry.primary === 'en')
  let best: { language: Language; q: number } | null = null
  for (const { primary, q } of entries) {
    const language = primary === '*' && !englishListed ? 'en' : primary
    if (!isLanguage(language) || q <= 0) continue
    if (!best || q > best.q) best = { language, q }
  }
  return best?.language ?? null
}

/** The language of an answer: the one the header (or list) prefers, else English, the default. */
export function languageOf(ranges: string | readonly string[] | null | undefined): Language {
  return preferredLanguage(ranges) ?? 'en'
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/**
 * The language the user chose in the portal, for the server: it draws the page's own words (the
 * startup frame) in it before any script runs. The portal writes it: only the language, for a
 * year, sent to this site alone.
 */
export const LANGUAGE_COOKIE = 'portal-language'

/** The chosen language in a Cookie header, if it names one of ours. */
export function languageInCookie(header: string | undefined): Language | null {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value
  }
  return null
}
