import type { FastifyRequest } from 'fastify'
import type { IncomingHttpHeaders } from 'node:http'

/**
 * The request headers the interface uses, and no others: the body's type, the language of the
 * answer's messages, an administrator's API key, the outcome in the envelope (`cms-dhsc`,
 * api-facts.md), the device's browser (for the enrollment page) and the test world of the
 * reference API. Everything else (cookies, `X-Original-URL`, `X-HTTP-Method-Override`, the
 * client's own forwarding headers, `Content-Encoding`, …) stays with the portal.
 */
const FORWARDED = [
  'content-type',
  'accept-language',
  'authorization',
  'cms-dhsc',
  'user-agent',
  'x-mdm-world',
]

/**
 * The answer headers the portal passes back: what describes the body, how long it may be kept,
 * when to try again, and the service's request id for support. Everything else (`Location`,
 * `Refresh`, cookies, CORS, the service's own security headers, `Link`, …) is dropped; the
 * portal sets its own security headers.
 */
const RETURNED = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-disposition',
  'content-language',
  'cache-control',
  'etag',
  'last-modified',
  'retry-after',
  'x-request-id',
]

function only(headers: IncomingHttpHeaders, names: readonly string[]): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {}
  for (const name of names) {
    const value = headers[name]
    if (value !== undefined) kept[name] = value
  }
  return kept
}

/** What the service gets: the headers the interface uses, and who asked (X-Forwarded-*). */
export function forwardedHeaders(request: FastifyRequest, headers: IncomingHttpHeaders) {
  return {
    ...only(headers, FORWARDED),
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
  }
}

/** What the client gets: the service's headers that describe its answer, no others. */
export function returnedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return {
    // Answers hold personal data: no cache keeps them unless the service says otherwise.
    'cache-control': 'no-store',
    ...only(headers, RETURNED),
  }
}

/** The service's headers about a body the portal replaces with its own. */
export const BODY_HEADERS = RETURNED.filter((name) => name !== 'retry-after')
