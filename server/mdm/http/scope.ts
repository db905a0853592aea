import type { FastifyInstance } from 'fastify'
import { sendFailure } from './answer.ts'
import { acceptAnyBodyAsText } from './body.ts'
import { ApiFailure } from './failure.ts'

/** Turns anything thrown into a failure the client may see; our own faults are logged. */
function toFailure(error: Error, log: (error: Error) => void): ApiFailure {
  if (error instanceof ApiFailure) return error
  const code = 'code' in error ? error.code : undefined
  const status = 'statusCode' in error ? error.statusCode : undefined
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ApiFailure('bodyTooLarge')
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new ApiFailure('wrongContentType')
  // The framework's other client errors are about an unreadable body.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiFailure('malformedJson')
  }
  log(error)
  return new ApiFailure('internalError')
}

/**
 * The body parser and error handler of the API's scopes. They stay inside the scope, so the
 * portal's own routes keep theirs; no stack trace or internal text ever reaches a client.
 */
export function configureScope(scope: FastifyInstance): void {
  acceptAnyBodyAsText(scope)
  scope.setErrorHandler<Error>((error, request, reply) => {
    const failure = toFailure(error, (cause) =>
      request.log.error({ err: cause }, 'The MDM reference API failed'),
    )
    return sendFailure(request, reply, failure)
  })
}
