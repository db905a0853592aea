import { createInstance, type CustomTypeOptions } from 'i18next'
import { readdirSync, readFileSync } from 'node:fs'
import { LANGUAGES, type Language } from '../../contract/languages.ts'

/**
 * The server's words and the portal's are one set of texts: every file of `locales/`, read
 * through i18next as the portal reads them. `<namespace>.<part>.json` is a part of its namespace
 * (`common.frame.json` of `common`, `server.http.json` of `server`), merged in as the portal merges
 * its parts. The server's own texts are the namespace `server`, which the portal never fetches;
 * it reads the portal's where a page of the server says what a screen says (the product's name,
 * the records' words in the activity's CSV).
 */
const LOCALES = new URL('../../locales/', import.meta.url)

export const i18n = createInstance()
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  ns: [],
  defaultNS: 'server',
  resources: {},
  // The server escapes what it puts into a page itself; an answer in JSON needs none.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})
for (const language of LANGUAGES) {
  const folder = new URL(`${language}/`, LOCALES)
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    const namespace = file.split('.')[0] ?? file
    const texts: unknown = JSON.parse(readFileSync(new URL(file, folder), 'utf8'))
    i18n.addResourceBundle(language, namespace, texts, true, true)
  }
}

/** The server's texts in a language, for one answer (the request's language, `languageOf`). */
export function serverTexts(language: Language) {
  return i18n.getFixedT(language, 'server')
}

/** The portal's own texts of a namespace in a language, where the server says what a screen says. */
export function portalTexts<Namespace extends 'common' | 'records'>(
  language: Language,
  namespace: Namespace,
) {
  return i18n.getFixedT(language, namespace)
}

type Resources = CustomTypeOptions['resources']

/**
 * A namespace of the portal's texts in a language as a whole table, where the server shows all
 * of its words (the records' words in the activity's CSV). Typed by the English file, as `t()`
 * is; the locale test holds every language to its keys.
 */
export function portalTable<Namespace extends 'records'>(
  language: Language,
  namespace: Namespace,
): Resources[Namespace] {
  const table: Resources[Namespace] = i18n.getResourceBundle(language, namespace)
  return table
}

/** A text in every language, for a table built once (`{ en, de }` without a literal of either). */
export function inEveryLanguage(text: (language: Language) => string): Record<Language, string> {
  return { en: text('en'), de: text('de') }
}
