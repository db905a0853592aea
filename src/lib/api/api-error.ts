import { ERROR_CODES, isLostAnswer } from '@contract/error-codes'

export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  /** HTTP 429: too many attempts in a short time (sign-in, forgot password). */
  | 'rateLimited'
  | 'api'
  /** HTTP 502 or 503 in no envelope: a gateway in front of the service says it is down. */
  | 'unavailable'
  | 'network'
  /** No answer within the portal's wait (the request may still have reached the service). */
  | 'timeout'
  | 'malformed'

/** The one error type of every API failure, whichever of the two failure styles the service used. */
export class ApiError extends Error {
  override readonly name = 'ApiError'

  constructor(
    readonly kind: ApiErrorKind,
    options: {
      status?: number
      code?: string | null
      serverMessage?: string | null
      cause?: unknown
    } = {},
  ) {
    super(options.serverMessage ?? kind, { cause: options.cause })
    this.status = options.status ?? 0
    this.code = options.code ?? null
    this.serverMessage = options.serverMessage ?? null
  }

  /** HTTP status, 0 when no answer arrived. */
  readonly status: number
  /** The service's eight-digit errorcode, when it sent one. */
  readonly code: string | null
  /** The service's localized errormessage, when it sent one. */
  readonly serverMessage: string | null
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/**
 * A request the service refused for the session (it expired, or there was none left): the session
 * has ended, and the guards are taking the user to sign-in, which says so. Nothing on the page
 * being left shows it as a failure.
 */
export function isSessionRefusal(error: unknown): boolean {
  return isApiError(error) && error.kind === 'unauthorized'
}

/**
 * The thing an address names does not exist for the portal: the service did not find it, or
 * refused its id outright as a field (too long, say, for an address typed or cut off by hand).
 * Only for a read whose one field is that id.
 */
export function isNoSuchEntity(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'notFound' || error.code === ERROR_CODES.invalidField)
}

/**
 * A change that failed with an answer saying it was refused (401, 403, 404, 429, or the envelope's
 * `success: false`), so that it changed nothing. Not one without an answer (no connection, no
 * answer in time, the portal's or a gateway's "did not hear from the service"), nor an answer
 * that could not be read, nor a server error in no envelope, nor the portal's envelope saying
 * one of these in the service's stead (`isLostAnswer`): such a change may have been done.
 */
export function isRefusal(error: unknown): boolean {
  if (!isApiError(error) || isLostAnswer(error.code)) return false
  switch (error.kind) {
    case 'unauthorized':
    case 'forbidden':
    case 'notFound':
    case 'rateLimited':
      return true
    case 'api':
      return error.code !== null || error.status < 500
    default:
      return false
  }
}
