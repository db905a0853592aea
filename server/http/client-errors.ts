import type { ConnectionError, FastifyInstance } from 'fastify'
import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { failureBody, failureStatus, type PortalFailure } from './api-failure.ts'
import {
  contentSecurityPolicy,
  STATIC_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from './security-headers.ts'

/**
 * Node answers some requests before Fastify sees them: a request that does not arrive in time
 * (408), headers that are too large (431), bytes that are no HTTP (400). Those answers get the
 * same security headers as every other, and under `/api` the API's envelope.
 */

/** The request each connection is busy with, for a 408 while its body is still on the way. */
const busy = new WeakMap<Socket, IncomingMessage>()

export function trackRequestsForClientErrors(app: FastifyInstance) {
  app.server.on('request', (request: IncomingMessage, response: NodeJS.EventEmitter) => {
    busy.set(request.socket, request)
    response.once('finish', () => busy.delete(request.socket))
  })
}

function failureOf(error: ConnectionError): PortalFailure {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'requestTimeout'
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'headersTooLarge'
  return 'badRequest'
}

/** The path of the request line, from the request under way or from the bytes Node refused. */
function pathOf(socket: Socket, error: ConnectionError): string {
  // Node hands over the bytes it refused as a Buffer (typed as its JSON form).
  const raw: unknown = error.rawPacket
  const requestLine = Buffer.isBuffer(raw) ? raw.toString('latin1') : ''
  const target = busy.get(socket)?.url ?? /^[A-Z]+ (\S+)/.exec(requestLine)?.[1]
  if (!target) return ''
  try {
    return new URL(target, 'http://portal').pathname.toLowerCase()
  } catch {
    return target.toLowerCase()
  }
}

/** Fastify's `clientErrorHandler`: the answer Node would give, with our headers and body. */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const failure = failureOf(error)
  const status = failureStatus(failure)
  const api = pathOf(socket, error).startsWith('/api/')
  const body = api
    ? JSON.stringify(failureBody(failure, busy.get(socket)?.headers['accept-language']))
    : `${STATUS_CODES[status]}\n`
  const https = 'encrypted' in socket && socket.encrypted === true
  const headers = {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
    ...STATIC_HEADERS,
    'content-security-policy': contentSecurityPolicy({ https }),
    ...(https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  }
  this.log.debug({ err: { message: error.message, code: error.code } }, 'client error')
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
