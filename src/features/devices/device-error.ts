import { useTranslation } from 'react-i18next'
import { isApiError } from '@/lib/api/api-error'
import { ERROR_CODES } from '@contract/error-codes'
import { useErrorMessage } from '@/lib/api/error-message'

type DeviceErrorKey =
  | 'errors.deviceNotFound'
  | 'errors.actionNotAvailable'
  | 'errors.macPinInvalid'
  | 'errors.lostModeContactRequired'
  | 'errors.androidPasswordRequired'

/** The service's device codes, in the portal's own words about devices. */
const CODE_KEYS: Readonly<Record<string, DeviceErrorKey>> = {
  [ERROR_CODES.deviceNotFound]: 'errors.deviceNotFound',
  [ERROR_CODES.actionNotAvailable]: 'errors.actionNotAvailable',
  [ERROR_CODES.macPinInvalid]: 'errors.macPinInvalid',
  [ERROR_CODES.lostModeContactRequired]: 'errors.lostModeContactRequired',
  [ERROR_CODES.androidPasswordRequired]: 'errors.androidPasswordRequired',
}

function isDeviceGone(error: unknown): boolean {
  return isApiError(error) && error.kind === 'notFound'
}

/** A failure about a device as one sentence; anything else as the portal says it everywhere. */
export function useDeviceErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('devices')
  const generic = useErrorMessage()
  return (error) => {
    const key = isApiError(error) && error.code ? CODE_KEYS[error.code] : undefined
    if (key) return t(key)
    if (isDeviceGone(error)) return t('errors.deviceNotFound')
    return generic(error)
  }
}
