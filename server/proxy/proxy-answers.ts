import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import { sendApiFailure, type PortalFailure } from '../http/api-failure.ts'
import { BODY_HEADERS } from './proxy-headers.ts'
import { AnswerReadError, readWhole, type ReadFailure } from './proxy-read.ts'
import { requestFields } from '../http/request-fields.ts'

/** What the portal says for an answer it could not read whole. */
const READ_FAILURES = {
  timeout: 'serviceTimeout',
  busy: 'tooBusy',
  tooLarge: 'badAnswer',
  broken: 'badAnswer',
} as const satisfies Record<ReadFailure, PortalFailure>

/**
 * What the portal says instead, by the service's status, when its body is not an envelope. The
 * spec's failures are in the envelope (Errors, rule 1: "On failure inside the envelope, success
 * is false and errorcode and errormessage are filled"): without it, a failure of 500 or above
 * (the service's error page, or a gateway's) says nothing of whether the request was done, so the
 * portal does not say the service refused it (`serviceFailed`, a lost answer like a 502 or 504).
 * A 404, 413 or 429 page is a gateway's or a limit's before the service acted: a refusal.
 */
function failureFor(status: number): PortalFailure {
  if (status < 400) return 'badAnswer'
  if (status === 502 || status === 503) return 'serviceUnavailable'
  if (status === 504) return 'serviceTimeout'
  if (status >= 500) return 'serviceFailed'
  // The token refused (spec, Errors: 401), said where the browser reads the service's word.
  if (status === 401) return 'sessionInvalid'
  if (status === 404) return 'unknownEndpoint'
  if (status === 413) return 'bodyTooLarge'
  if (status === 429) return 'tooManyRequests'
  return 'badAnswer'
}

/** The endpoints that answer with a file (spec: App endpoints /image, User endpoints /mdmprofile). */
type Kind = 'json' | 'image' | 'profile'

/** By the route's row, as the router read it: never the address again. */
function kindOf(request: FastifyRequest): Kind {
  const endpoint = request.routeOptions.config.endpoint
  if (endpoint === 'app/image') return 'image'
  if (endpoint === 'user/mdmprofile') return 'profile'
  return 'json'
}

function mediaType(reply: FastifyReply): string {
  return String(reply.getHeader('content-type') ?? '')
    .split(';', 1)[0]!
    .trim()
    .toLowerCase()
}

const isJsonType = (type: string) => type === 'application/json' || type.endsWith('+json')

/** Types a browser runs scripts in when it opens them on the portal's origin. */
const isDocumentType = (type: string) =>
  type === 'text/html' || type === 'application/xhtml+xml' || type === 'image/svg+xml'

/** Whether the profile was asked as the web page (`html: true`, sent as a boolean or a string). */
function asksForPage(request: FastifyRequest): boolean {
  const html = requestFields(request).html
  return html === true || html === 'true'
}

/**
 * Whether a file answer is of the kind the endpoint serves: app images are PNG or JPEG
 * (api-facts.md) or another raster image, never SVG; a profile is any file but a document a
 * browser would run, except the web page when `html: true` asked for it.
 */
function fileAllowed(kind: Kind, type: string, request: FastifyRequest): boolean {
  if (kind === 'image') return type.startsWith('image/') && type !== 'image/svg+xml'
  if (type === 'text/html') return asksForPage(request)
  return type !== '' && !isDocumentType(type)
}

function isEnvelope(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'success' in value
}

function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return undefined
  }
}

/**
 * A file goes out with a sandbox: opened on the portal's origin it can run nothing and reach
 * nothing. A profile is always saved, never shown, except the page that `html: true` asks for.
 */
function asFile(reply: FastifyReply, kind: Kind, type: string) {
  const policy = reply.getHeader('content-security-policy')
  reply.header('content-security-policy', policy ? `${String(policy)}; sandbox` : 'sandbox')
  const disposition = reply.getHeader('content-disposition')
  reply.removeHeader('content-disposition')
  if (kind !== 'profile' || type === 'text/html') return
  const parameters = typeof disposition === 'string' ? disposition.replace(/^[^;]*/, '') : ''
  reply.header('content-disposition', `attachment${parameters}`)
}

function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: PortalFailure,
  status?: number,
) {
  for (const header of BODY_HEADERS) reply.removeHeader(header)
  return sendApiFailure(request, reply, failure, status)
}

/**
 * reply-from's `onResponse` (the service's allowed headers are on the reply already): nothing
 * the service answers reaches the browser unless it is of the kind the endpoint answers. A file of the expected type streams through, sandboxed; any
 * other answer is read whole (capped, within the deadline) and passed on only as the JSON the
 * interface promises. Anything else (a 200 with an HTML page or broken JSON, a redirect, a
 * body cut short, an HTML or SVG file) becomes the portal's envelope, in the request's language.
 * `deadline` ends the whole answer, its last byte included; `left` aborts when the client has
 * gone, which ends the service's answer too: then nothing is said, to nobody.
 */
export async function passAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  response: { statusCode: number; stream: Readable },
  deadline: number,
  left: AbortSignal,
) {
  const status = response.statusCode
  const kind = kindOf(request)
  const type = mediaType(reply)
  const encoded = !['', 'identity'].includes(String(reply.getHeader('content-encoding') ?? ''))
  if (request.method === 'HEAD') {
    response.stream.destroy()
    const file = kind !== 'json' && status === 200 && fileAllowed(kind, type, request)
    const redirect = status >= 300 && status < 400
    return !redirect && (isJsonType(type) || file)
      ? reply.send()
      : refuse(request, reply, 'badAnswer')
  }
  if (kind !== 'json' && status === 200 && !isJsonType(type)) {
    if (!fileAllowed(kind, type, request)) {
      response.stream.destroy()
      request.log.warn({ type }, 'file answer of a refused type')
      return refuse(request, reply, 'badAnswer')
    }
    asFile(reply, kind, type)
    const timer = setTimeout(() => response.stream.destroy(), Math.max(0, deadline - Date.now()))
    response.stream.once('close', () => clearTimeout(timer))
    return reply.send(response.stream)
  }

  let body: Buffer
  try {
    body = await readWhole(response.stream, { deadline })
  } catch (error) {
    if (left.aborted) return
    const reason = error instanceof AnswerReadError ? error.reason : 'broken'
    request.log.warn({ reason, status }, 'answer not read')
    if (reason === 'busy') reply.header('retry-after', '5')
    return refuse(request, reply, READ_FAILURES[reason])
  }
  const value = isJsonType(type) && !encoded ? parsed(body) : undefined
  const ok = status >= 200 && status < 300
  if (isEnvelope(value) || (ok && kind === 'profile' && value !== undefined)) {
    // The Android profile is itself a JSON file.
    if (ok && kind !== 'json' && !isEnvelope(value)) asFile(reply, kind, type)
    else reply.removeHeader('content-disposition')
    return reply.send(body)
  }
  request.log.warn({ status, type }, 'answer not in the envelope')
  // A redirect (its Location is never passed on) or another status without a body of its kind.
  return refuse(request, reply, failureFor(status), status >= 400 ? status : undefined)
}
