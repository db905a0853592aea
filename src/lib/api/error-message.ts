import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { PORTAL_ERROR_CODES } from '../../../contract/error-codes'
import { isApiError } from './api-error'
import { ERROR_CODE_KEYS } from './error-keys'

/**
 * The sentence a user reads for a failure: our own text for a known errorcode, else the
 * service's localized errormessage, else a text for the kind of failure. The portal server's
 * own 429 says which limit was hit (this account, or the network), so its text is kept too.
 */
export function errorMessage(t: TFunction<'errors'>, error: unknown): string {
  if (!isApiError(error)) return t('kind.api')
  const key = error.code ? ERROR_CODE_KEYS[error.code] : undefined
  if (key) return t(key)
  if (error.kind === 'api' && error.serverMessage) return error.serverMessage
  const portalLimit =
    error.kind === 'rateLimited' && error.code === PORTAL_ERROR_CODES.tooManyRequests
  if (portalLimit && error.serverMessage) return error.serverMessage
  return t(`kind.${error.kind}`)
}

export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('errors')
  return (error) => errorMessage(t, error)
}
