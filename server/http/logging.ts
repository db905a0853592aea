import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import { wasAnsweredAtShutdown } from './shutdown.ts'

/**
 * Query values that may be logged as they are. Everything else is replaced: the GET form of the
 * file endpoints carries the access token in `?json=`, and the invitation and reset links carry
 * a reset token in `?token=`. An allowlist fails safe for parameters nobody thought of.
 */
const HARMLESS_QUERY = new Set(['device', 'join'])
const MAX_URL_LENGTH = 1024

/**
 * A one-time link's id opens a session's profile once: a live one never goes into a log. The
 * links' address is LINKS_PATH of server/sessions/links/one-time-links.ts, a floor above this
 * one (logging.test.ts holds the two together).
 */
const LINK_ID = /^(\/api\/portal\/links\/)[^?]+/i

/** The request's path with a link's id and every query value outside the allowlist redacted. */
export function redactUrl(url: string): string {
  const short = url.length > MAX_URL_LENGTH ? `${url.slice(0, MAX_URL_LENGTH)}…` : url
  const cut = short.replace(LINK_ID, '$1[redacted]')
  const query = cut.indexOf('?')
  if (query < 0) return cut
  const params = cut
    .slice(query + 1)
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=')
      const name = equals < 0 ? part : part.slice(0, equals)
      return HARMLESS_QUERY.has(safeDecode(name)) ? part : `${name}=[redacted]`
    })
  return `${cut.slice(0, query)}?${params.join('&')}`
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Where the JSON lines go; standard output unless a test collects them. */
export interface LogStream {
  write(line: string): void
}

const SECRET_FIELDS = [
  'token',
  'password',
  'newpassword',
  'oldpassword',
  'confirmnewpassword',
  'authorization',
]

/**
 * Fastify's pino logger: JSON lines. Nothing logs bodies or headers; the redaction below is the
 * second line of defence should someone log an object that holds a secret.
 */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
        'body',
        '*.body',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  } satisfies FastifyServerOptions['logger']
}

/**
 * One line per answered request (instead of Fastify's "incoming" and "completed" pair), with
 * method, path, status and duration, the query redacted. The "route not found" line, which
 * would repeat the raw URL, is left out: the request line says 404.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const status = reply.statusCode
    const line = {
      ...requestLine(request, reply, status),
      // Its 504 came from the portal stopping, not from the service's delay.
      ...(wasAnsweredAtShutdown(reply) ? { shutdown: true } : {}),
      ...(error ? { err: error } : {}),
    }
    if (error) request.log.error(line, 'request')
    else if (status >= 500) request.log.warn(line, 'request')
    else if (request.url === '/healthz') request.log.debug(line, 'request')
    else request.log.info(line, 'request')
  }

  /** A client that left mid-answer has its request's line (logAbandonedRequests), not this. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (reply.raw.destroyed) return
    // The portal is about to cut the answer for this error: the client did not leave.
    cutByPortal.add(reply)
    super.streamError(error, request, reply)
  }
}

/** Answers the portal cut short after an error of their source (a service's file broken off). */
const cutByPortal = new WeakSet<FastifyReply>()

function requestLine(request: FastifyRequest, reply: FastifyReply, status: number) {
  return {
    method: request.method,
    path: redactUrl(request.url),
    status,
    ms: Math.round(reply.elapsedTime),
    ip: request.ip,
  }
}

/**
 * Fastify writes no line for a request whose client left before its answer was complete (a tab
 * closed, a download cancelled): the request's line says so, with 499 (nginx's "client closed
 * request"; nothing was sent with it) and `abandoned`, at info: it is neither the portal's nor
 * the service's failure.
 */
export function logAbandonedRequests(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', () => {
      if (reply.sent || cutByPortal.has(reply)) return
      request.log.info({ ...requestLine(request, reply, 499), abandoned: true }, 'request')
    })
    done()
  })
}
