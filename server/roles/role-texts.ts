import {
  HELPDESK_ACTIONS,
  type HelpdeskAction,
  type HelpdeskRole,
} from '../../contract/helpdesk-roles.ts'
import type { Language } from '../../contract/languages.ts'
import { inEveryLanguage, portalTexts, serverTexts } from '../i18n/texts.ts'

/**
 * The server's refusal for a help desk role is the sentence the help desk's page says for it
 * (`common:role.cannot`, then whom to ask, `common:role.ask`): one text per action, so the words
 * cannot drift apart. Whom to ask follows the least role that may do the action (the roles table).
 */
export function roleForbiddenText(
  lang: Language,
  role: HelpdeskRole,
  action: HelpdeskAction | 'unknown',
) {
  const t = portalTexts(lang, 'common')
  const cannot = t(`role.cannot.${action}`, { as: t(`role.as.${role}`) })
  return `${cannot} ${t(`role.ask.${action === 'unknown' ? 'admin' : HELPDESK_ACTIONS[action]}`)}`
}

export const ROLE_FAILURES = {
  noHelpdeskRole: inEveryLanguage((lang) => serverTexts(lang)('roles.failures.noHelpdeskRole')),
  unknownSession: inEveryLanguage((lang) => serverTexts(lang)('roles.failures.unknownSession')),
  adminOnly: inEveryLanguage((lang) => serverTexts(lang)('roles.failures.adminOnly')),
  apiKeyNotNamed: inEveryLanguage((lang) => serverTexts(lang)('roles.failures.apiKeyNotNamed')),
  apiKeyFromBrowser: inEveryLanguage((lang) =>
    serverTexts(lang)('roles.failures.apiKeyFromBrowser'),
  ),
} as const satisfies Record<string, Record<Language, string>>
