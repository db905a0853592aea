import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STATUS_CODES } from 'node:http'
import { ERROR_CODES, PORTAL_ERROR_CODES } from '../../contract/error-codes.ts'
import { languageOf, type Language } from '../../contract/languages.ts'

/**
 * The failures the portal server answers itself, before or instead of the MDM service, in the
 * service's own envelope so the portal's client reads them like any other failure.
 */
const FAILURES = {
  tooManyRequests: {
    status: 429,
    code: PORTAL_ERROR_CODES.tooManyRequests,
    en: 'Too many requests from your network. Try again in a minute.',
    de: 'Zu viele Anfragen aus Ihrem Netzwerk. Versuchen Sie es in einer Minute erneut.',
  },
  tooManySignInsForAccount: {
    status: 429,
    code: PORTAL_ERROR_CODES.tooManyRequests,
    en: 'Too many sign-in attempts for this account. Try again in a minute.',
    de: 'Zu viele Anmeldeversuche für dieses Konto. Versuchen Sie es in einer Minute erneut.',
  },
  tooManySignInsFromNetwork: {
    status: 429,
    code: PORTAL_ERROR_CODES.tooManyRequests,
    en: 'Too many sign-in attempts from your network. Try again in a minute.',
    de: 'Zu viele Anmeldeversuche aus Ihrem Netzwerk. Versuchen Sie es in einer Minute erneut.',
  },
  tooManyResetsForAccount: {
    status: 429,
    code: PORTAL_ERROR_CODES.tooManyRequests,
    en: 'Too many password reset requests for this account. Try again in a minute.',
    de: 'Zu viele Anfragen zum Zurücksetzen des Passworts für dieses Konto. Versuchen Sie es in einer Minute erneut.',
  },
  tooManyResetsFromNetwork: {
    status: 429,
    code: PORTAL_ERROR_CODES.tooManyRequests,
    en: 'Too many password reset requests from your network. Try again in a minute.',
    de: 'Zu viele Anfragen zum Zurücksetzen des Passworts aus Ihrem Netzwerk. Versuchen Sie es in einer Minute erneut.',
  },
  serviceUnavailable: {
    status: 502,
    code: PORTAL_ERROR_CODES.serviceUnavailable,
    en: 'The device management service cannot be reached right now. Please try again later.',
    de: 'Der Dienst für die Geräteverwaltung ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
  },
  badAnswer: {
    status: 502,
    code: PORTAL_ERROR_CODES.serviceUnavailable,
    en: 'The device management service sent an answer that cannot be read. Please try again later.',
    de: 'Der Dienst für die Geräteverwaltung hat eine Antwort geschickt, die sich nicht lesen lässt. Bitte versuchen Sie es später erneut.',
  },
  serviceTimeout: {
    status: 504,
    code: PORTAL_ERROR_CODES.serviceTimeout,
    en: 'The device management service did not answer in time. Please try again later.',
    de: 'Der Dienst für die Geräteverwaltung hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es später erneut.',
  },
  unknownEndpoint: {
    status: 404,
    code: ERROR_CODES.unknownEndpoint,
    en: 'This endpoint does not exist.',
    de: 'Diesen Endpunkt gibt es nicht.',
  },
  bodyTooLarge: {
    status: 413,
    code: ERROR_CODES.bodyTooLarge,
    en: 'The request is too large.',
    de: 'Die Anfrage ist zu groß.',
  },
  badRequest: {
    status: 400,
    code: ERROR_CODES.malformedJson,
    en: 'The request could not be read.',
    de: 'Die Anfrage konnte nicht gelesen werden.',
  },
  signedOut: {
    status: 401,
    // Like an expired token (spec: "Expired when a new token must be requested").
    tokenstatus: 'Expired',
    code: ERROR_CODES.unauthorized,
    en: 'You have signed out. Please sign in again.',
    de: 'Sie haben sich abgemeldet. Bitte melden Sie sich erneut an.',
  },
  sessionInvalid: {
    status: 401,
    code: ERROR_CODES.unauthorized,
    en: 'Your session is no longer valid. Please sign in again.',
    de: 'Ihre Sitzung ist nicht mehr gültig. Bitte melden Sie sich erneut an.',
  },
  requestTimeout: {
    status: 408,
    code: ERROR_CODES.malformedJson,
    en: 'The request did not arrive in time. Please try again.',
    de: 'Die Anfrage ist nicht rechtzeitig angekommen. Bitte versuchen Sie es erneut.',
  },
  headersTooLarge: {
    status: 431,
    code: ERROR_CODES.malformedJson,
    en: 'The request headers are too large.',
    de: 'Die Kopfzeilen der Anfrage sind zu groß.',
  },
  tooBusy: {
    status: 503,
    code: PORTAL_ERROR_CODES.serviceUnavailable,
    en: 'The portal is busy right now. Please try again in a few minutes.',
    de: 'Das Portal ist gerade ausgelastet. Bitte versuchen Sie es in einigen Minuten erneut.',
  },
  internalError: {
    status: 500,
    code: ERROR_CODES.internalError,
    en: 'An internal error occurred. Please try again later.',
    de: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  },
} as const satisfies Record<
  string,
  { status: number; code: string; tokenstatus?: 'Expired' } & Record<Language, string>
>

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
    errormessage: failure[languageOf(acceptLanguage)],
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
      const kind = status === 413 ? 'bodyTooLarge' : status < 500 ? 'badRequest' : 'internalError'
      return sendApiFailure(request, reply, kind, status)
    }
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ statusCode: status, error: STATUS_CODES[status] })
  })
}
