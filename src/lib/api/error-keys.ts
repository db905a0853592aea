import type { ParseKeys } from 'i18next'
import { ERROR_CODES } from '@contract/error-codes'

/**
 * Error codes of the service mapped to the portal's own texts in the errors namespace.
 * Codes without an entry fall back to the service's localized errormessage.
 */
export const ERROR_CODE_KEYS: Readonly<Record<string, ParseKeys<'errors'>>> = {
  [ERROR_CODES.wrongCredentials]: 'code.wrongCredentials',
  [ERROR_CODES.accountLocked]: 'code.accountLocked',
  [ERROR_CODES.accountNotActivated]: 'code.accountNotActivated',
  [ERROR_CODES.invalidResetToken]: 'code.invalidResetToken',
  [ERROR_CODES.passwordTooWeak]: 'code.passwordTooWeak',
  [ERROR_CODES.passwordsDoNotMatch]: 'code.passwordsDoNotMatch',
  [ERROR_CODES.oldPasswordWrong]: 'code.oldPasswordWrong',
  [ERROR_CODES.mtcidRequired]: 'code.mtcidRequired',
  [ERROR_CODES.tenantNotAccessible]: 'code.tenantNotAccessible',
  [ERROR_CODES.userAlreadyExists]: 'code.userAlreadyExists',
  [ERROR_CODES.userNotFound]: 'code.userNotFound',
}
