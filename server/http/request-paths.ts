import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { failureBody } from './api-failure.ts'
import { notePage, wantsPage } from '../shared/plain-page.ts'
import { securityHeadersFor } from './security-headers.ts'

/** The path of a request URL, without query or fragment, exactly as the client sent it. */
export function rawPath(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? ''
}

/** Requests whose target names another host, or no path at all: the first hook refuses them. */
const refusedTargets = new WeakSet<IncomingMessage>()

/** An escaped letter, digit, `-`, `.`, `_` or `~` means the character itself (RFC 3986 6.2.2.2). */
function withUnreservedDecoded(path: string): string {
  return path.replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16))
    return /^[A-Za-z0-9._~-]$/.test(character) ? character : escape
  })
}

/**
 * The one reading of a request's target, made before routing (Fastify's `rewriteUrl`), that
 * every later step uses: the rate limits, the signed-out check, the proxy and the router alike.
 * The origin form (`/path?query`) as it is; the absolute form (`http://host/path`, RFC 9112
 * section 3.2.2) reduced to its path when it names this host (the Host header), and refused
 * when it names another (the portal is no forward proxy), as are the asterisk and authority
 * forms. Escaped unreserved characters are decoded in the path, so `/api/mdm/%762/` is read as
 * the `/api/mdm/v2/` the service would read. A target with a fragment (`#`) is refused too.
 */
export function requestTarget(request: IncomingMessage): string {
  const target = request.url ?? ''
  // A fragment is never part of a request target (RFC 9110 section 7.1: a client leaves it
  // out); one that arrives anyway would be cut off by the router but not by every reader.
  if (target.includes('#')) refusedTargets.add(request)
  let path = target
  if (!target.startsWith('/')) {
    const absolute = /^https?:\/\/([^/?#]*)(.*)$/is.exec(target)
    const host = String(request.headers.host ?? '').toLowerCase()
    if (!absolute || absolute[1]?.toLowerCase() !== host || host === '') {
      refusedTargets.add(request)
    }
    const rest = absolute?.[2] ?? ''
    path = rest.startsWith('/') ? rest : `/${rest}`
  }
  const query = path.indexOf('?')
  if (query === -1) return withUnreservedDecoded(path)
  return withUnreservedDecoded(path.slice(0, query)) + path.slice(query)
}

/** Whether the request is one to the MDM interface (embedded or passed on to the service). */
export function isMdmApiRequest(request: FastifyRequest): boolean {
  return rawPath(request.url).toLowerCase().startsWith('/api/mdm/v2/')
}

/**
 * The answer to a request whose address the portal refuses: under /api the service's envelope
 * in the request's language; a page the browser navigates to, a short page in its language with
 * a way back (`server:http.badAddress`; the address itself is never repeated); anything else a plain JSON error.
 */
function badRequestBody(request: FastifyRequest): { type: string; body: string } {
  const acceptLanguage = request.headers['accept-language']
  if (isApiPath(request.url)) {
    return {
      type: 'application/json; charset=utf-8',
      body: JSON.stringify(failureBody('badRequest', acceptLanguage)),
    }
  }
  if (wantsPage(request)) {
    return { type: 'text/html; charset=utf-8', body: notePage(request, 'http.badAddress') }
  }
  return { type: 'application/json; charset=utf-8', body: JSON.stringify({ error: 'Bad request' }) }
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
 * whose target names another host (see requestTarget), and every one whose path the service
 * could read differently from the portal. Under /api the answer is the
 * envelope in the request's language.
 */
export function refuseAmbiguousPaths(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!refusedTargets.has(request.raw) && !hasAmbiguousSegments(request.url)) return
    return sendBadRequest(request, reply)
  })
}

function sendBadRequest(request: FastifyRequest, reply: FastifyReply) {
  const { type, body } = badRequestBody(request)
  return reply.code(400).header('cache-control', 'no-store').type(type).send(body)
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot even decode (`/api/%zz`) gets a 400
 * that never repeats the URL, with the portal's security headers, under /api in the envelope
 * and the language of the request, for a browser's page a page in its language. Used by the portal and by the standalone reference API.
 */
export function badUrlAnswer(
  _error: Error,
  request: FastifyRequest,
  reply: { raw: ServerResponse<IncomingMessage> },
) {
  const { type, body } = badRequestBody(request)
  reply.raw.writeHead(400, {
    ...securityHeadersFor(request),
    'cache-control': 'no-store',
    'content-type': type,
  })
  reply.raw.end(body)
}

/**
 * The path as a lenient server would route it: the real service may ignore case, a trailing
 * slash, doubled slashes or percent-encoding, so none of them may step around the limit.
 * (Dot segments never get this far: they are refused first.)
 */
export function canonicalPath(url: string): string {
  const path = url.split(/[?#;]/, 1)[0] ?? ''
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // An undecodable path matches no limited endpoint; the router answers it.
  }
  return decoded
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
}
