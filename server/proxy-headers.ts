import type { FastifyRequest } from 'fastify'
import type { IncomingHttpHeaders } from 'node:http'
import { STATIC_HEADERS } from './security-headers.ts'

/** Headers of one connection, never of the message (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]

/** The portal's cookies stay with the portal; the forwarding headers are set anew below. */
const NOT_FORWARDED = [
  ...HOP_BY_HOP,
  // Node has answered 100 Continue itself; the body is read whole before it goes on.
  'expect',
  'cookie',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
]

/**
 * The portal decides its own security headers and sets no cookies; the service must not
 * override them, nor open the portal's origin to others with CORS headers.
 */
const NOT_RETURNED = [
  ...HOP_BY_HOP,
  ...Object.keys(STATIC_HEADERS),
  'content-security-policy',
  'content-security-policy-report-only',
  'strict-transport-security',
  'cross-origin-embedder-policy',
  'set-cookie',
  'server',
  'x-powered-by',
  'alt-svc',
]

/** Drops the hop-by-hop headers, those the Connection header names, and the listed ones. */
function withoutHeaders(headers: IncomingHttpHeaders, names: string[]): IncomingHttpHeaders {
  const listed = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
  const dropped = new Set([...names, ...listed])
  const kept: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (!dropped.has(lower) && !lower.startsWith('access-control-')) kept[lower] = value
  }
  return kept
}

/** What the service gets: the client's headers minus the hop-by-hop ones and the portal's. */
export function forwardedHeaders(request: FastifyRequest, headers: IncomingHttpHeaders) {
  return {
    ...withoutHeaders(headers, NOT_FORWARDED),
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
  }
}

/** What the client gets: the service's headers minus those the portal decides itself. */
export function returnedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return {
    // Answers hold personal data: no cache keeps them unless the service says otherwise.
    'cache-control': 'no-store',
    ...withoutHeaders(headers, NOT_RETURNED),
  }
}
