import {
  HELPDESK_ACTIONS,
  type HelpdeskAction,
  type HelpdeskRole,
} from '../../contract/helpdesk-roles.ts'
import type { Language } from '../../contract/languages.ts'

/** The roles and the actions in the server's refusals, worded as the interface's notes. */
const AS_ROLE: Record<Language, Record<HelpdeskRole, string>> = {
  en: { auditor: 'As an auditor', helpdesk: 'In the help desk role', admin: 'As an administrator' },
  de: { auditor: 'Als Auditor', helpdesk: 'Mit der Rolle Helpdesk', admin: 'Als Administrator' },
}

/** Whom to ask, by the least role that may do the action (the roles table). */
const ASK: Record<Language, Record<'helpdesk' | 'admin', string>> = {
  en: { helpdesk: 'Ask the help desk or an administrator.', admin: 'Ask an administrator.' },
  de: {
    helpdesk: 'Fragen Sie den Helpdesk oder eine Administratorin oder einen Administrator.',
    admin: 'Fragen Sie eine Administratorin oder einen Administrator.',
  },
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
    lock: 'keine Geräte sperren',
    locate: 'keine Geräte orten',
    lostMode: 'den Modus „Verloren“ nicht aktivieren oder deaktivieren',
    passcode: 'keine Codes zurücksetzen',
    appListRefresh: 'keine App-Listen aktualisieren',
    inviteUser: 'keine Benutzer einladen',
    wipe: 'keine Geräte löschen',
    deleteUser: 'keine Benutzer löschen',
    installApps: 'keine Apps installieren oder deinstallieren',
    unknown: 'diese Anfrage nicht stellen',
  },
}

export function roleForbiddenText(
  lang: Language,
  role: HelpdeskRole,
  action: HelpdeskAction | 'unknown',
) {
  const as = AS_ROLE[lang][role]
  const what = ACTIONS[lang][action]
  const ask = ASK[lang][action === 'unknown' ? 'admin' : HELPDESK_ACTIONS[action]]
  return lang === 'de' ? `${as} können Sie ${what}. ${ask}` : `${as}, you cannot ${what}. ${ask}`
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
  apiKeyFromBrowser: {
    en: 'An API key is never accepted from a web browser. Sign in instead.',
    de: 'Ein API-Schlüssel wird aus einem Webbrowser nie angenommen. Melden Sie sich stattdessen an.',
  },
} as const satisfies Record<string, Record<Language, string>>
