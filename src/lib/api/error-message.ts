import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { PORTAL_ERROR_CODES } from '@contract/error-codes'
import { isApiError } from './api-error'
import { ERROR_CODE_KEYS } from './error-keys'

/** The portal server's refusals whose own text says more than any of ours could. */
const PORTAL_TEXTS: ReadonlySet<string> = new Set([
  // Which limit was hit: this account, or the network.
  PORTAL_ERROR_CODES.tooManyRequests,
  // The help desk role, and what it cannot do ("Your role, help desk, cannot wipe devices.").
  PORTAL_ERROR_CODES.roleForbidden,
  PORTAL_ERROR_CODES.noHelpdeskRole,
  PORTAL_ERROR_CODES.apiKeyFromBrowser,
  PORTAL_ERROR_CODES.apiKeyNotNamed,
])

/**
 * The sentence a user reads for a failure: our own text for a known errorcode, else the
 * service's localized errormessage, else a text for the kind of failure. The portal server's
 * own 429 and 403 say which limit was hit or what the role does not allow: their text is kept.
 */
export function errorMessage(t: TFunction<'errors'>, error: unknown): string {
  if (!isApiError(error)) return t('kind.api')
  const key = error.code ? ERROR_CODE_KEYS[error.code] : undefined
  if (key) return t(key)
  if (error.kind === 'api' && error.serverMessage) return error.serverMessage
  if (error.code && PORTAL_TEXTS.has(error.code) && error.serverMessage) return error.serverMessage
  return t(`kind.${error.kind}`)
}

export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('errors')
  return (error) => errorMessage(t, error)
}
