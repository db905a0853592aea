import type { FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES, PORTAL_ERROR_CODES } from '../../../contract/error-codes.ts'
import { languageOf } from '../../../contract/languages.ts'
import { serverTexts } from '../../i18n/texts.ts'

/** The records' own failures; their words are `server:records.failures.<kind>`. */
const FAILURES = {
  unavailable: {
    status: 503,
    code: PORTAL_ERROR_CODES.recordsUnavailable,
  },
  noSession: {
    status: 409,
    code: PORTAL_ERROR_CODES.recordsNoSession,
  },
  forbidden: {
    status: 403,
    code: ERROR_CODES.forbidden,
  },
  notFound: {
    status: 404,
    code: ERROR_CODES.forbidden,
  },
  notYourDevice: {
    status: 403,
    code: ERROR_CODES.forbidden,
  },
  tooManyHidden: {
    status: 409,
    code: ERROR_CODES.invalidField,
  },
} as const satisfies Record<string, { status: number; code: string }>

type RecordsFailure = keyof typeof FAILURES

export function sendRecordsFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: RecordsFailure,
) {
  const failure = FAILURES[kind]
  return reply
    .code(failure.status)
    .header('cache-control', 'no-store')
    .send({
      success: false,
      errorcode: failure.code,
      errormessage: serverTexts(languageOf(request.headers['accept-language']))(
        `records.failures.${kind}`,
      ),
      tokenstatus: null,
    })
}

export function recordsAnswer(reply: FastifyReply, data: unknown) {
  reply.header('cache-control', 'no-store')
  return { success: true, errorcode: null, errormessage: null, tokenstatus: null, data }
}
