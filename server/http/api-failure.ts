import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STATUS_CODES } from 'node:http'
import { ERROR_CODES, PORTAL_ERROR_CODES } from '../../contract/error-codes.ts'
import { languageOf } from '../../contract/languages.ts'
import { serverTexts } from '../i18n/texts.ts'

/**
 * The failures the portal server answers itself, before or instead of the MDM service, in the
 * service's own envelope so the portal's client reads them like any other failure. Their words
 * are `server:http.failures.<kind>` (locales/<language>/server.http.json).
 */
const FAILURES = {
  tooManyRequests: {
    status: 429,
    code: PORTAL_ERROR_CODES.tooManyRequests,
  },
  tooManySignInsForAccount: {
    status: 429,
    code: PORTAL_ERROR_CODES.tooManyRequests,
  },
  tooManySignInsFromNetwork: {
    status: 429,
    code: PORTAL_ERROR_CODES.tooManyRequests,
  },
  tooManyResetsForAccount: {
    status: 429,
    code: PORTAL_ERROR_CODES.tooManyRequests,
  },
  tooManyResetsFromNetwork: {
    status: 429,
    code: PORTAL_ERROR_CODES.tooManyRequests,
  },
  serviceUnavailable: {
    status: 502,
    code: PORTAL_ERROR_CODES.serviceUnavailable,
  },
  badAnswer: {
    status: 502,
    code: PORTAL_ERROR_CODES.serviceUnavailable,
  },
  serviceTimeout: {
    status: 504,
    code: PORTAL_ERROR_CODES.serviceTimeout,
  },
  // Answered with the service's own status (500 and above), which the proxy keeps.
  serviceFailed: {
    status: 500,
    code: PORTAL_ERROR_CODES.serviceFailed,
  },
  unknownEndpoint: {
    status: 404,
    code: ERROR_CODES.unknownEndpoint,
  },
  bodyTooLarge: {
    status: 413,
    code: ERROR_CODES.bodyTooLarge,
  },
  badRequest: {
    status: 400,
    code: ERROR_CODES.malformedJson,
  },
  // Ended by the portal on purpose (signed out, here or from another browser, or a new password):
  // like an expired token (spec: "Expired when a new token must be requested"), with the
  // portal's code, so that nothing signs it in again by itself.
  signedOut: {
    status: 401,
    tokenstatus: 'Expired',
    code: PORTAL_ERROR_CODES.sessionEnded,
  },
  sessionInvalid: {
    status: 401,
    code: ERROR_CODES.unauthorized,
  },
  requestTimeout: {
    status: 408,
    code: ERROR_CODES.malformedJson,
  },
  headersTooLarge: {
    status: 431,
    code: ERROR_CODES.malformedJson,
  },
  tooBusy: {
    status: 503,
    code: PORTAL_ERROR_CODES.serviceUnavailable,
  },
  recordsCannotBeKept: {
    status: 503,
    code: PORTAL_ERROR_CODES.recordsUnavailable,
  },
  // The portal's own failure, never the service's `01000099` (a refusal in its envelope).
  portalFailed: {
    status: 500,
    code: PORTAL_ERROR_CODES.portalFailed,
  },
} as const satisfies Record<string, { status: number; code: string; tokenstatus?: 'Expired' }>

export type PortalFailure = keyof typeof FAILURES

/** The HTTP status a failure is answered with. */
export function failureStatus(kind: PortalFailure): number {
  return FAILURES[kind].status
}

/** The envelope of a failure, its message in the language the request asks for. */
export function failureBody(kind: PortalFailure, acceptLanguage: string | string[] | undefined) {
  const failure = FAILURES[kind]
  return {
    success: false,
    errorcode: failure.code,
    errormessage: serverTexts(languageOf(acceptLanguage))(`http.failures.${kind}`),
    tokenstatus: 'tokenstatus' in failure ? failure.tokenstatus : null,
  }
}

/** Answers with the failure's envelope; `status` overrides its usual HTTP status. */
export function sendApiFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: PortalFailure,
  status: number = FAILURES[kind].status,
) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(failureBody(kind, request.headers['accept-language']))
}

/**
 * The portal's last word on an error no route answered itself (a content type no parser
 * takes, a body its parser refuses): under /api the envelope in the request's language, as
 * every other answer there; elsewhere a short JSON error that repeats nothing of the request.
 */
export function answerErrorsInEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const given = error.statusCode ?? 500
    const status = given >= 400 && given < 600 ? given : 500
    if (status >= 500) request.log.error({ err: error }, 'a request failed')
    if (/^\/+api(\/|$)/i.test(request.url.split('?', 1)[0] ?? '')) {
      const kind = status === 413 ? 'bodyTooLarge' : status < 500 ? 'badRequest' : 'portalFailed'
      return sendApiFailure(request, reply, kind, status)
    }
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ statusCode: status, error: STATUS_CODES[status] })
  })
}
