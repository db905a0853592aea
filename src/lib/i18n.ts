import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import deAccount from '../../locales/de/account.json'
import deApps from '../../locales/de/apps.json'
import deAuth from '../../locales/de/auth.json'
import deCommon from '../../locales/de/common.json'
import deDevices from '../../locales/de/devices.json'
import deEnrollment from '../../locales/de/enrollment.json'
import deErrors from '../../locales/de/errors.json'
import dePassword from '../../locales/de/password.json'
import enAccount from '../../locales/en/account.json'
import enApps from '../../locales/en/apps.json'
import enAuth from '../../locales/en/auth.json'
import enCommon from '../../locales/en/common.json'
import enDevices from '../../locales/en/devices.json'
import enEnrollment from '../../locales/en/enrollment.json'
import enErrors from '../../locales/en/errors.json'
import enPassword from '../../locales/en/password.json'

export const LANGUAGES = ['en', 'de'] as const
export type Language = (typeof LANGUAGES)[number]

export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
    account: enAccount,
    devices: enDevices,
    apps: enApps,
    enrollment: enEnrollment,
    password: enPassword,
  },
  de: {
    common: deCommon,
    errors: deErrors,
    auth: deAuth,
    account: deAccount,
    devices: deDevices,
    apps: deApps,
    enrollment: deEnrollment,
    password: dePassword,
  },
} as const

const STORAGE_KEY = 'mdm.language'

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The remembered choice, else the first of the browser's languages that we speak, else English. */
export function detectLanguage(
  stored: string | null = readStored(),
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if (isLanguage(stored)) return stored
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLanguage(primary)) return primary
  }
  return 'en'
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

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
  await i18n.changeLanguage(language)
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language
})

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

export { i18n }
