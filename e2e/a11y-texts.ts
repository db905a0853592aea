/**
 * The portal's own texts, for journeys that run in both languages: a locator names the same
 * button in English and German without the spec repeating every translation.
 */
import deAccount from '../locales/de/account.json' with { type: 'json' }
import deAdmin from '../locales/de/admin.json' with { type: 'json' }
import deApps from '../locales/de/apps.json' with { type: 'json' }
import deAuth from '../locales/de/auth.json' with { type: 'json' }
import deAuthMicrosoft from '../locales/de/auth.microsoft.json' with { type: 'json' }
import deCommon from '../locales/de/common.json' with { type: 'json' }
import deCommonFrame from '../locales/de/common.frame.json' with { type: 'json' }
import deDevices from '../locales/de/devices.json' with { type: 'json' }
import deEnrollment from '../locales/de/enrollment.json' with { type: 'json' }
import deErrors from '../locales/de/errors.json' with { type: 'json' }
import dePassword from '../locales/de/password.json' with { type: 'json' }
import deRecords from '../locales/de/records.json' with { type: 'json' }
import enAccount from '../locales/en/account.json' with { type: 'json' }
import enAdmin from '../locales/en/admin.json' with { type: 'json' }
import enApps from '../locales/en/apps.json' with { type: 'json' }
import enAuth from '../locales/en/auth.json' with { type: 'json' }
import enAuthMicrosoft from '../locales/en/auth.microsoft.json' with { type: 'json' }
import enCommon from '../locales/en/common.json' with { type: 'json' }
import enCommonFrame from '../locales/en/common.frame.json' with { type: 'json' }
import enDevices from '../locales/en/devices.json' with { type: 'json' }
import enEnrollment from '../locales/en/enrollment.json' with { type: 'json' }
import enErrors from '../locales/en/errors.json' with { type: 'json' }
import enPassword from '../locales/en/password.json' with { type: 'json' }
import enRecords from '../locales/en/records.json' with { type: 'json' }

// A namespace's parts (`common.frame.json`) are merged into it, as the portal does.
const texts = {
  en: {
    account: enAccount,
    admin: enAdmin,
    apps: enApps,
    auth: { ...enAuth, ...enAuthMicrosoft },
    common: { ...enCommon, ...enCommonFrame, nav: { ...enCommon.nav, ...enCommonFrame.nav } },
    devices: enDevices,
    enrollment: enEnrollment,
    errors: enErrors,
    password: enPassword,
    records: enRecords,
  },
  de: {
    account: deAccount,
    admin: deAdmin,
    apps: deApps,
    auth: { ...deAuth, ...deAuthMicrosoft },
    common: { ...deCommon, ...deCommonFrame, nav: { ...deCommon.nav, ...deCommonFrame.nav } },
    devices: deDevices,
    enrollment: deEnrollment,
    errors: deErrors,
    password: dePassword,
    records: deRecords,
  },
}

export type Language = keyof typeof texts
export type TextNamespace = keyof (typeof texts)['en']
export const LANGUAGES: Language[] = ['en', 'de']
export const BROWSER_LOCALE: Record<Language, string> = { en: 'en-US', de: 'de-DE' }

/** The text at `key` (dotted) of a namespace, with the `{{name}}` placeholders given filled in. */
export function text(
  language: Language,
  namespace: TextNamespace,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined,
      texts[language][namespace],
    )
  if (typeof found !== 'string') throw new Error(`No text ${language}/${namespace}:${key}`)
  // `{{count, number}}` is written as the language writes numbers, as i18next does.
  return found.replace(/\{\{(\w+)(, number)?\}\}/g, (match, name: string, number?: string) => {
    if (!(name in values)) return match
    const value = values[name]
    return number && typeof value === 'number'
      ? new Intl.NumberFormat(language).format(value)
      : String(value)
  })
}

/** Binds `text` to one language: `const t = textsOf('de'); t('devices', 'list.title')`. */
export function textsOf(language: Language) {
  return (namespace: TextNamespace, key: string, values?: Record<string, string | number>) =>
    text(language, namespace, key, values)
}
