import type { ErrorCodeName } from '../../../contract/error-codes.ts'

/** Why a field was rejected; each reason has a text in every language. */
export type FieldReason =
  | 'missing'
  | 'text'
  | 'boolean'
  | 'number'
  | 'integer'
  | 'object'
  | 'oneOf'
  | 'notEmpty'
  | 'tooLong'
  | 'email'
  | 'dateTime'
  | 'invalid'

/** A failure the client is told about: a catalog code plus the values its message names. */
export class ApiFailure extends Error {
  constructor(
    readonly code: ErrorCodeName,
    readonly params: Record<string, string> = {},
  ) {
    super(code)
    this.name = 'ApiFailure'
  }
}

export function invalidField(
  field: string,
  reason: FieldReason,
  values: string[] = [],
): ApiFailure {
  return new ApiFailure('invalidField', { field, reason, values: values.join(', ') })
}

/**
 * HTTP status per code: 400 for a body that cannot be read and 413 for one too large (as the
 * portal answers them in front of a real service), 401 for a missing, unknown or expired
 * credential, 403 when the account may not do this, 404 for an unknown entity or path, 500 for
 * our own faults; every other failure is HTTP 200 with success false.
 */
const HTTP_STATUS: Partial<Record<ErrorCodeName, number>> = {
  malformedJson: 400,
  bodyTooLarge: 413,
  unauthorized: 401,
  tokenExpired: 401,
  forbidden: 403,
  tenantNotAccessible: 403,
  deviceNotFound: 404,
  appNotFound: 404,
  appImageNotFound: 404,
  userNotFound: 404,
  unknownEndpoint: 404,
  internalError: 500,
}

export function httpStatusOf(code: ErrorCodeName): number {
  return HTTP_STATUS[code] ?? 200
}
