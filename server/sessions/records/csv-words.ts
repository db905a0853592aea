import type { Language } from '../../../contract/languages.ts'
import { portalTable } from '../../i18n/texts.ts'

/**
 * The words of the portal's own screens (locales/<language>/records.json: actionName, outcome,
 * details) that the activity's CSV uses, read from the screens' own texts, so the file says what
 * the screens say.
 */
function screenWords(lang: Language) {
  const { actionName, outcome, details } = portalTable(lang, 'records')
  return { actionName, outcome, details }
}

export const CSV_WORDS = { en: screenWords('en'), de: screenWords('de') }
