import type { FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES, PORTAL_ERROR_CODES } from '../../../contract/error-codes.ts'
import { languageOf, type Language } from '../../../contract/languages.ts'

const FAILURES = {
  unavailable: {
    status: 503,
    code: PORTAL_ERROR_CODES.recordsUnavailable,
    en: 'The portal’s records cannot be read right now. Please try again in a moment.',
    de: 'Die Aufzeichnungen des Portals können gerade nicht gelesen werden. Bitte versuchen Sie es gleich noch einmal.',
  },
  noSession: {
    status: 409,
    code: PORTAL_ERROR_CODES.recordsNoSession,
    en: 'The portal has no record of this sign-in. Sign out and in again to see it.',
    de: 'Das Portal hat diese Anmeldung nicht aufgezeichnet. Melden Sie sich ab und wieder an, um sie zu sehen.',
  },
  forbidden: {
    status: 403,
    code: ERROR_CODES.forbidden,
    en: 'You are not allowed to see these records.',
    de: 'Sie dürfen diese Aufzeichnungen nicht sehen.',
  },
  notFound: {
    status: 404,
    code: ERROR_CODES.forbidden,
    en: 'There is no such session of yours.',
    de: 'Diese Sitzung gibt es bei Ihnen nicht.',
  },
} as const satisfies Record<string, { status: number; code: string } & Record<Language, string>>

export type RecordsFailure = keyof typeof FAILURES

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
      errormessage: failure[languageOf(request.headers['accept-language'])],
      tokenstatus: null,
    })
}

export function recordsAnswer(reply: FastifyReply, data: unknown) {
  reply.header('cache-control', 'no-store')
  return { success: true, errorcode: null, errormessage: null, tokenstatus: null, data }
}
