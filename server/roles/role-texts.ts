import type { HelpdeskAction, HelpdeskRole } from '../../contract/helpdesk-roles.ts'
import type { Language } from '../../contract/languages.ts'

/** The roles' names and the actions' words in the server's refusals (the interface has its own). */
const ROLE_NAMES: Record<Language, Record<HelpdeskRole, string>> = {
  en: { auditor: 'auditor', helpdesk: 'help desk', admin: 'administrator' },
  de: { auditor: 'Auditor', helpdesk: 'Helpdesk', admin: 'Administrator' },
}

const ACTIONS: Record<Language, Record<HelpdeskAction | 'unknown', string>> = {
  en: {
    lock: 'lock devices',
    locate: 'locate devices',
    lostMode: 'switch lost mode on or off',
    passcode: 'reset passcodes',
    appListRefresh: 'refresh app lists',
    inviteUser: 'invite users',
    wipe: 'wipe devices',
    deleteUser: 'delete users',
    installApps: 'install or uninstall apps',
    unknown: 'make this request',
  },
  de: {
    lock: 'Geräte zu sperren',
    locate: 'Geräte zu orten',
    lostMode: 'den Modus „Verloren“ zu aktivieren oder zu deaktivieren',
    passcode: 'Codes zurückzusetzen',
    appListRefresh: 'App-Listen zu aktualisieren',
    inviteUser: 'Benutzer einzuladen',
    wipe: 'Geräte zu löschen',
    deleteUser: 'Benutzer zu löschen',
    installApps: 'Apps zu installieren oder zu deinstallieren',
    unknown: 'diese Anfrage zu stellen',
  },
}

export function roleForbiddenText(
  lang: Language,
  role: HelpdeskRole,
  action: HelpdeskAction | 'unknown',
) {
  const name = ROLE_NAMES[lang][role]
  const what = ACTIONS[lang][action]
  return lang === 'de'
    ? `Ihre Rolle, ${name}, erlaubt nicht, ${what}. Fragen Sie eine Administratorin oder einen Administrator.`
    : `Your role, ${name}, cannot ${what}. Ask an administrator.`
}

export const ROLE_FAILURES = {
  noHelpdeskRole: {
    en: 'This administrator account has no role in the help desk of this portal. Ask the portal’s operator to add it to the roles file.',
    de: 'Dieses Administratorkonto hat keine Rolle im Helpdesk dieses Portals. Bitten Sie den Betreiber des Portals, es in die Rollendatei aufzunehmen.',
  },
  unknownSession: {
    en: 'The portal does not know this sign-in, so it cannot tell what your role allows. Sign out and in again.',
    de: 'Das Portal kennt diese Anmeldung nicht und kann darum nicht sagen, was Ihre Rolle erlaubt. Melden Sie sich ab und wieder an.',
  },
  apiKeyNotNamed: {
    en: 'The portal does not pass on API keys. Send this request to the device management service itself, or ask the portal’s operator to name the key in the roles file.',
    de: 'Das Portal gibt keine API-Schlüssel weiter. Senden Sie diese Anfrage direkt an den Dienst für die Geräteverwaltung, oder bitten Sie den Betreiber des Portals, den Schlüssel in der Rollendatei zu nennen.',
  },
  apiKeyFromBrowser: {
    en: 'An API key is never accepted from a web browser. Sign in instead.',
    de: 'Ein API-Schlüssel wird aus einem Webbrowser nie angenommen. Melden Sie sich stattdessen an.',
  },
} as const satisfies Record<string, Record<Language, string>>
