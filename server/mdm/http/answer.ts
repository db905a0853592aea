import type { FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../../contract/error-codes.ts'
import { ApiFailure, httpStatusOf } from './failure.ts'
import { errorMessage } from '../texts/messages.ts'
import { requestState } from './request-state.ts'

/** A file instead of the envelope: app image, enrollment profile, enrollment page. */
export class FileAnswer {
  constructor(
    readonly contentType: string,
    readonly body: Buffer | string,
    /** Sent as an attachment with this name; null shows it inline. */
    readonly fileName: string | null = null,
    readonly cacheControl = 'no-store',
  ) {}
}

/** The result members of a successful answer (data, deviceinfo, token …). */
export type Members = Record<string, unknown>

/** `cms-dhsc: true` (or 1) asks for HTTP 200 always, the outcome only in the envelope. */
function alwaysOk(request: FastifyRequest): boolean {
  const value = request.headers['cms-dhsc']
  return typeof value === 'string' && ['true', '1'].includes(value.trim().toLowerCase())
}

export function sendSuccess(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Members | FileAnswer,
) {
  if (answer instanceof FileAnswer) {
    reply.header('cache-control', answer.cacheControl).type(answer.contentType)
    if (answer.fileName) {
      reply.header('content-disposition', `attachment; filename="${answer.fileName}"`)
    }
    return reply.code(200).send(answer.body)
  }
  const { tokenStatus } = requestState(request)
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .send({
      success: true,
      errorcode: null,
      errormessage: null,
      tokenstatus: tokenStatus,
      ...answer,
    })
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, failure: ApiFailure) {
  const { lang, tokenStatus } = requestState(request)
  return reply
    .code(alwaysOk(request) ? 200 : httpStatusOf(failure.code))
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({
      success: false,
      errorcode: ERROR_CODES[failure.code],
      errormessage: errorMessage(lang, failure.code, failure.params),
      tokenstatus: tokenStatus,
    })
}
