import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { failureBody } from './api-failure.ts'
import { securityHeadersFor } from './security-headers.ts'

/** The path of a request URL, without query or fragment, exactly as the client sent it. */
export function rawPath(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? ''
}

/** Under /api the client expects the service's envelope; elsewhere a plain JSON error. */
export function isApiPath(url: string): boolean {
  return /^\/+api(\/|%2f|$)/i.test(rawPath(url))
}

/**
 * Whether a segment of the path is `.` or `..`, spelled plainly or percent-encoded (`%2e`).
 * Such a path names another path once a server resolves it, so the portal would count one
 * endpoint and the service answer another; browsers resolve them before they send a request.
 * A backslash and an encoded slash or backslash are refused for the same reason: some
 * servers treat them as separators.
 */
export function hasAmbiguousSegments(url: string): boolean {
  const path = rawPath(url)
  if (/\\|%2f|%5c/i.test(path)) return true
  return path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment.split(';', 1)[0] ?? ''))
}

/**
 * Refuses, before anything else looks at it (rate limits, the proxy, files), every request
 * whose path the service could read differently from the portal. Under /api the answer is the
 * envelope in the request's language.
 */
export function refuseAmbiguousPaths(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!hasAmbiguousSegments(request.url)) return
    return sendBadRequest(request, reply)
  })
}

function sendBadRequest(request: FastifyRequest, reply: FastifyReply) {
  const api = isApiPath(request.url)
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(
      api
        ? failureBody('badRequest', request.headers['accept-language'])
        : { error: 'Bad request' },
    )
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot even decode (`/api/%zz`) gets a 400
 * that never repeats the URL, with the portal's security headers, under /api in the envelope
 * and the language of the request. Used by the portal and by the standalone reference API.
 */
export function badUrlAnswer(
  _error: Error,
  request: FastifyRequest,
  reply: { raw: ServerResponse<IncomingMessage> },
) {
  const api = isApiPath(request.url)
  reply.raw.writeHead(400, {
    ...securityHeadersFor(request),
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
  })
  reply.raw.end(
    JSON.stringify(
      api
        ? failureBody('badRequest', request.headers['accept-language'])
        : { error: 'Bad request' },
    ),
  )
}
