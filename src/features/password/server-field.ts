import { isApiError } from '@/lib/api/api-error'
import { ERROR_CODES } from '@contract/error-codes'

export type PasswordFieldName = 'oldpassword' | 'newpassword' | 'confirmnewpassword'

/** The service's refusals that belong next to one field rather than above the form. */
const FIELD_OF_CODE: Readonly<Partial<Record<string, PasswordFieldName>>> = {
  [ERROR_CODES.oldPasswordWrong]: 'oldpassword',
  [ERROR_CODES.passwordTooWeak]: 'newpassword',
  [ERROR_CODES.passwordsDoNotMatch]: 'confirmnewpassword',
}

export function serverErrorField(error: unknown): PasswordFieldName | null {
  if (!isApiError(error) || !error.code) return null
  return FIELD_OF_CODE[error.code] ?? null
}

/** Moves focus to the field the service refused, with its text selected for retyping. */
export function focusField(form: HTMLFormElement | null, field: PasswordFieldName | null) {
  const element = field ? form?.elements.namedItem(field) : null
  if (element instanceof HTMLInputElement) element.select()
}

/** A reset or invitation link that is unknown, already used or expired. */
export function isDeadLink(error: unknown): boolean {
  return (
    isApiError(error) && (error.code === ERROR_CODES.invalidResetToken || error.kind === 'notFound')
  )
}

/**
 * The answer to the question who a link belongs to. It sends the token alone, so a token the
 * service cannot even read (too long, malformed) is a dead link too.
 */
export function isDeadLinkInfo(error: unknown): boolean {
  return isDeadLink(error) || (isApiError(error) && error.code === ERROR_CODES.invalidField)
}
