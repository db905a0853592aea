import { isApiError } from '@/lib/api/api-error'
import { ERROR_CODES } from '@contract/error-codes'

/**
 * Failures of install, uninstall and refresh that we can explain with the app and the device
 * named; anything else falls back to the portal's general error sentence.
 */
export type ChangeFailure = 'notCompatible' | 'notAssigned' | 'notAvailable' | 'notFound'

const BY_CODE: Readonly<Record<string, ChangeFailure>> = {
  [ERROR_CODES.appNotCompatible]: 'notCompatible',
  [ERROR_CODES.appNotAssigned]: 'notAssigned',
  [ERROR_CODES.actionNotAvailable]: 'notAvailable',
  [ERROR_CODES.appNotFound]: 'notFound',
  [ERROR_CODES.deviceNotFound]: 'notFound',
}

export function changeFailure(error: unknown): ChangeFailure | null {
  if (!isApiError(error)) return null
  const known = error.code ? BY_CODE[error.code] : undefined
  if (known) return known
  return error.kind === 'notFound' ? 'notFound' : null
}
