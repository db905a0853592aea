import {
  HELPDESK_ACTIONS,
  type HelpdeskAction,
  type HelpdeskRole,
} from '../../contract/helpdesk-roles.ts'
import type { Language } from '../../contract/languages.ts'
import { inEveryLanguage, serverTexts } from '../i18n/texts.ts'

/**
 * The server's refusals for a help desk role (`server:roles`), worded as the interface's notes:
 * whom to ask follows the least role that may do the action (the roles table).
 */
export function roleForbiddenText(
  lang: Language,
  role: HelpdeskRole,
  action: HelpdeskAction | 'unknown',
) {
  const t = serverTexts(lang)
  return t('roles.forbidden', {
    as: t(`roles.asRole.${role}`),
    action: t(`roles.actions.${action}`),
    ask: t(`roles.ask.${action === 'unknown' ? 'admin' : HELPDESK_ACTIONS[action]}`),
  })
}

export const ROLE_FAILURES = {
  noHelpdeskRole: inEveryLanguage((lang) => serverTexts(lang)('roles.failures.noHelpdeskRole')),
  unknownSession: inEveryLanguage((lang) => serverTexts(lang)('roles.failures.unknownSession')),
  apiKeyNotNamed: inEveryLanguage((lang) => serverTexts(lang)('roles.failures.apiKeyNotNamed')),
  apiKeyFromBrowser: inEveryLanguage((lang) =>
    serverTexts(lang)('roles.failures.apiKeyFromBrowser'),
  ),
} as const satisfies Record<string, Record<Language, string>>
