import type { ConnectionError, FastifyInstance } from 'fastify'
import { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import type { Http2SecureServer, ServerHttp2Stream } from 'node:http2'
import type { Socket } from 'node:net'
import { failureBody, failureStatus } from './api-failure.ts'
import {
  CLIENT_ERROR_PAGE_POLICY,
  clientErrorPage,
  type RefusedRequest,
} from './client-error-page.ts'
import {
  contentSecurityPolicy,
  STATIC_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from './security-headers.ts'

/**
 * Node answers some requests before Fastify sees them: a request that does not arrive in time
 * (408), headers that are too large (431), bytes that are no HTTP (400). Those answers get the
 * same security headers as every other; under `/api` the API's envelope, elsewhere a short page
 * that says what happened (client-error-page.ts).
 */

/** The request each connection is busy with, for a 408 while its body is still on the way. */
const busy = new WeakMap<Socket, IncomingMessage>()

export function trackRequestsForClientErrors(app: FastifyInstance) {
  app.server.on('request', (request: IncomingMessage, response: NodeJS.EventEmitter) => {
    busy.set(request.socket, request)
    response.once('finish', () => busy.delete(request.socket))
  })
}

function failureOf(error: ConnectionError): RefusedRequest {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'requestTimeout'
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'headersTooLarge'
  return 'badRequest'
}

/** The path of the request line, from the request under way or from the bytes Node refused. */
function pathOf(socket: Socket, error: ConnectionError): string {
  // Node hands over the bytes it refused as a Buffer (typed as its JSON form).
  const raw: unknown = error.rawPacket
  const requestLine = Buffer.isBuffer(raw) ? raw.toString('latin1') : ''
  return pathOfTarget(busy.get(socket)?.url ?? /^[A-Z]+ (\S+)/.exec(requestLine)?.[1])
}

function pathOfTarget(target: string | undefined): string {
  if (!target) return ''
  try {
    return new URL(target, 'http://portal').pathname.toLowerCase()
  } catch {
    return target.toLowerCase()
  }
}

/** The answer to a request Node refused: the status, the headers and the body. */
function refusal(
  failure: RefusedRequest,
  path: string,
  language: string | string[] | undefined,
  https: boolean,
) {
  const status = failureStatus(failure)
  const api = path.startsWith('/api/')
  const body = api ? JSON.stringify(failureBody(failure, language)) : clientErrorPage(failure)
  const headers = {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...STATIC_HEADERS,
    'content-security-policy': api ? contentSecurityPolicy({ https }) : CLIENT_ERROR_PAGE_POLICY,
    ...(https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  }
  return { status, headers, body }
}

/** Fastify's `clientErrorHandler`: the answer Node would give, with our headers and body. */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const { status, headers, body } = refusal(
    failureOf(error),
    pathOf(socket, error),
    busy.get(socket)?.headers['accept-language'],
    'encrypted' in socket && socket.encrypted === true,
  )
  this.log.debug({ err: { message: error.message, code: error.code } }, 'client error')
  if (socket.writable) {
    const lines = Object.entries({ ...headers, connection: 'close' }).map(
      ([name, value]) => `${name}: ${value}`,
    )
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

/**
 * HTTP/1.1's limit for the whole request, over HTTP/2 too, where Node has none: a request whose
 * body has not arrived within `timeoutMs` is answered 408 as above, and its stream ends.
 */
export function limitHttp2Requests(server: Http2SecureServer, timeoutMs: number) {
  server.on('stream', (stream: ServerHttp2Stream, request: IncomingHttpHeaders) => {
    const deadline = setTimeout(() => {
      // `remoteClose`: the client has sent all of its request.
      if (stream.destroyed || stream.headersSent || stream.state.remoteClose) return
      const path = pathOfTarget(request[':path'] as string | undefined)
      const { status, headers, body } = refusal(
        'requestTimeout',
        path,
        request['accept-language'],
        true,
      )
      stream.respond({ ':status': status, ...headers })
      stream.end(body, () => stream.close())
    }, timeoutMs)
    deadline.unref()
    stream.once('close', () => clearTimeout(deadline))
  })
}
