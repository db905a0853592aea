import type { ErrorCodeName } from '../../../contract/error-codes.ts'
import type { FieldReason } from '../http/failure.ts'
import type { Lang } from './language.ts'
import { MESSAGES_DE } from './messages-de.ts'
import { MESSAGES_EN, type Messages } from './messages-en.ts'

const MESSAGES: Record<Lang, Messages> = { en: MESSAGES_EN, de: MESSAGES_DE }

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)
}

function isFieldReason(value: string | undefined, lang: Lang): value is FieldReason {
  return value !== undefined && Object.hasOwn(MESSAGES[lang].reasons, value)
}

/** The localized errormessage of a code; invalidField also names the field and the reason. */
export function errorMessage(lang: Lang, code: ErrorCodeName, params: Record<string, string>) {
  const texts = MESSAGES[lang]
  const reason = isFieldReason(params.reason, lang)
    ? fill(texts.reasons[params.reason], params)
    : (params.reason ?? '')
  return fill(texts.codes[code], { ...params, reason })
}

export function warningMessage(
  lang: Lang,
  warning: keyof Messages['warnings'],
  params: Record<string, string>,
): string {
  return fill(MESSAGES[lang].warnings[warning], params)
}
