import type { HelpdeskAction, HelpdeskRole } from '../../contract/helpdesk-roles.ts'
import type { Language } from '../../contract/languages.ts'
import { inEveryLanguage, serverTexts } from '../i18n/texts.ts'

/**
 * The server's refusals for a help desk role (`server:roles`); the roles' names and the actions'
 * words are the server's own, the interface has its own.
 */
export function roleForbiddenText(
  lang: Language,
  role: HelpdeskRole,
  action: HelpdeskAction | 'unknown',
) {
  const t = serverTexts(lang)
  return t('roles.forbidden', {
    role: t(`roles.names.${role}`),
    action: t(`roles.actions.${action}`),
  })
}

export const ROLE_FAILURES = {
  noHelpdeskRole: inEveryLanguage((lang) => serverTexts(lang)('roles.failures.noHelpdeskRole')),
  unknownSession: inEveryLanguage((lang) => serverTexts(lang)('roles.failures.unknownSession')),
  apiKeyFromBrowser: inEveryLanguage((lang) =>
    serverTexts(lang)('roles.failures.apiKeyFromBrowser'),
  ),
} as const satisfies Record<string, Record<Language, string>>
