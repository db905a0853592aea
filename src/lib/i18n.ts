import i18n, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type enAccount from '@locales/en/account.json'
import type enAdmin from '@locales/en/admin.json'
import type enApps from '@locales/en/apps.json'
import type enAuth from '@locales/en/auth.json'
import type enAuthMicrosoft from '@locales/en/auth.microsoft.json'
import type enCommon from '@locales/en/common.json'
import type enCommonFrame from '@locales/en/common.frame.json'
import type enDevices from '@locales/en/devices.json'
import type enEnrollment from '@locales/en/enrollment.json'
import type enErrors from '@locales/en/errors.json'
import type enPassword from '@locales/en/password.json'
import type enRecords from '@locales/en/records.json'

import {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  preferredLanguage,
  type Language,
} from '@contract/languages'

export { LANGUAGES, type Language }

/** The namespaces and their keys, as English has them (the type behind typed `t()` keys). */
export interface Resources {
  common: typeof enCommon & typeof enCommonFrame
  errors: typeof enErrors
  auth: typeof enAuth & typeof enAuthMicrosoft
  account: typeof enAccount
  devices: typeof enDevices
  apps: typeof enApps
  enrollment: typeof enEnrollment
  password: typeof enPassword
  admin: typeof enAdmin
  records: typeof enRecords
}
export type Namespace = keyof Resources

/** Texts every page needs: the shell, error messages, the sign-in page and the password field. */
export const SHELL_NAMESPACES: readonly Namespace[] = ['common', 'errors', 'auth']

/**
 * Every locale file of the portal, a module of the build each, fetched when a page first needs
 * it. The server's texts (`server.*.json`, read by server/i18n/texts.ts) stay out of the build.
 */
const localeFiles = import.meta.glob<object>(['/locales/*/*.json', '!/locales/*/server.*.json'], {
  import: 'default',
})

/** One locale file (`<namespace>` or `<namespace>.<part>`) of a language, by its key in Vite's manifest. */
export function textFile(language: string, file: string): string {
  return `/locales/${language}/${file}.json`
}

async function fetchTexts(language: string, file: string): Promise<object> {
  const load = localeFiles[textFile(language, file)]
  if (!load) throw new Error(`There are no texts ${language}/${file}`)
  return load()
}

const lazyLocales: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    fetchTexts(language, namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

/**
 * Namespaces whose file did not arrive (the connection was lost), with why: i18next keeps such a
 * failure for good and never asks for the file again, so `loadNamespaces` asks for it anew.
 */
const notArrived = new Map<string, unknown>()
i18n.on('failedLoading', (_language, namespace, error) => notArrived.set(namespace, error))

/**
 * Fetches the texts of a page's namespaces (in the current and the fallback language), anew
 * where they did not arrive before; fails as their file did when they still do not arrive,
 * rather than leave the page showing its keys.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (!namespaces.length) return
  const again = namespaces.filter((namespace) => notArrived.delete(namespace))
  if (again.length) await i18n.reloadResources([...i18n.languages], again)
  await i18n.loadNamespaces([...namespaces])
  const missing = namespaces.find((namespace) => notArrived.has(namespace))
  if (missing) throw notArrived.get(missing)
}

/**
 * Texts of a namespace that only some parts of the portal show (`locales/<language>/<part>.json`,
 * e.g. the signed-in frame's in `common.frame.json`): merged into their namespace when the part
 * that shows them loads, so the sign-in page does not carry them. Keys stay where they were.
 */
const PART_NAMESPACE = {
  'common.frame': 'common',
  'auth.microsoft': 'auth',
} as const satisfies Record<string, Namespace>
export type TextPart = keyof typeof PART_NAMESPACE
const loadedParts = new Set<TextPart>()

async function loadPart(language: Language, part: TextPart): Promise<void> {
  i18n.addResourceBundle(
    language,
    PART_NAMESPACE[part],
    await fetchTexts(language, part),
    true,
    true,
  )
}

/** Fetches parts of namespaces in the current language; a change of language fetches them anew. */
export async function loadTextParts(parts: readonly TextPart[]): Promise<void> {
  // A part asked for while the portal starts waits for i18n: its start-up sets the language and
  // the bundled resources, which would otherwise replace a part merged in before.
  await i18nReady
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  await Promise.all(parts.map((part) => loadPart(language, part)))
  for (const part of parts) loadedParts.add(part)
}

const STORAGE_KEY = 'mdm.language'

/** The remembered choice, else the first of the browser's languages that we speak, else English. */
export function detectLanguage(
  stored: string | null = readStored(),
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if (isLanguage(stored)) return stored
  return preferredLanguage(preferred) ?? 'en'
}

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

/** The language of the UI, which is also the `Accept-Language` of every API request. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'
}

/**
 * Tells the server the chosen language (a cookie of the language alone), so the page it sends
 * shows its first words in it rather than in the browser's.
 */
function rememberForPages(language: Language): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
  rememberForPages(language)
  // The namespaces' own files first: a part merged into a namespace not yet fetched in the new
  // language would make i18next take that namespace as there, and never fetch its file.
  await i18n.loadLanguages(language)
  await Promise.all([...loadedParts].map((part) => loadPart(language, part)))
  await i18n.changeLanguage(language)
}

i18n.on('languageChanged', (language) => {
  if (typeof document === 'undefined') return
  document.documentElement.lang = language
  // An organisation's portal names itself in the manifest of each language.
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
  const branded = manifest?.getAttribute('href')?.match(/^\/branding\/manifest-\w+\.webmanifest$/)
  if (manifest && branded && isLanguage(language)) {
    manifest.href = `/branding/manifest-${language}.webmanifest`
  }
})

// A choice made before the server read it (kept in localStorage only) reaches the server too.
const storedLanguage = readStored()
if (isLanguage(storedLanguage) && typeof document !== 'undefined') rememberForPages(storedLanguage)

/** Settles once the shell's texts are there in the detected language; main.tsx waits for it. */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(storedLanguage),
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    defaultNS: 'common',
    ns: [...SHELL_NAMESPACES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  })

export { i18n }
