import replyFrom from '@fastify/reply-from'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { PassThrough, type Readable } from 'node:stream'
import { sendApiFailure } from './api-failure.ts'
import { forwardedHeaders, returnedHeaders } from './proxy-headers.ts'

export const API_PREFIX = '/api/mdm/v2'

/** The service takes small JSON bodies; nothing near this size needs to cross the portal. */
export const MAX_BODY_BYTES = 1024 * 1024

/** Requests whose body outgrew the limit on the way, so the failure can say so. */
const oversized = new WeakSet<FastifyRequest>()

/**
 * The request body as a stream of its own: when the service cannot be reached, the HTTP client
 * destroys the body it was sending, and that must not tear down the client's connection before
 * the 502 is on its way. A client that goes away still ends the upload; a body without a
 * Content-Length that grows past the limit is cut off.
 */
function detached(request: FastifyRequest, payload: Readable): PassThrough {
  const body = new PassThrough()
  let bytes = 0
  payload.on('data', (chunk: Buffer) => {
    bytes += chunk.length
    if (bytes <= MAX_BODY_BYTES || oversized.has(request)) return
    oversized.add(request)
    payload.unpipe(body)
    body.destroy(new Error('The request body is too large.'))
  })
  payload.on('error', (error) => body.destroy(error))
  payload.pipe(body)
  return body
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined
  return typeof error.statusCode === 'number' ? error.statusCode : undefined
}

/**
 * `MDM_API_URL` mode: `/api/mdm/v2/*` goes to the real service as it came (the body streamed
 * unparsed, Accept-Language, Authorization and the x-mdm-world of the tests included), and its
 * answer comes back as it is, files too, status and content type kept. A service that is down
 * or slow gets the portal's own envelope with 502 or 504.
 */
export async function mdmProxy(app: FastifyInstance, options: { url: string; timeoutMs: number }) {
  const upstream = new URL(options.url)
  const prefix = upstream.pathname.replace(/\/+$/, '')
  await app.register(async (scope) => {
    // The body is never parsed nor re-serialized: it streams through as the client sent it.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (request, payload, done) =>
      done(null, detached(request, payload)),
    )
    scope.addHook('onRequest', async (request, reply) => {
      if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
        return sendApiFailure(request, reply, 'bodyTooLarge')
      }
    })
    await scope.register(replyFrom, {
      base: upstream.origin,
      disableRequestLogging: true,
      destroyAgent: true,
      // Every retry would repeat a command on a device: the service's answer stands.
      retryMethods: [],
      undici: {
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        // reply-from would otherwise accept any certificate.
        connect: { rejectUnauthorized: true, timeout: Math.min(options.timeoutMs, 10_000) },
      },
    })
    scope.setErrorHandler((error, request, reply) => {
      const status = statusOf(error)
      if (status !== undefined && status >= 400 && status < 500) {
        return sendApiFailure(request, reply, 'badRequest')
      }
      request.log.error({ err: error }, 'proxy failed')
      return sendApiFailure(request, reply, 'internalError')
    })
    scope.route({
      method: ['GET', 'HEAD', 'POST'],
      url: `${API_PREFIX}/*`,
      handler(request, reply) {
        const path = request.url.split('?', 1)[0] ?? ''
        return reply.from(`${prefix}${path}`, {
          rewriteRequestHeaders: (_request, headers) => forwardedHeaders(request, headers),
          rewriteHeaders: (headers) => returnedHeaders(headers),
          // reply-from has logged the cause; the client learns only what kind of failure it was.
          onError(_reply, { error }) {
            const failure = oversized.has(request)
              ? 'bodyTooLarge'
              : statusOf(error) === 504
                ? 'serviceTimeout'
                : 'serviceUnavailable'
            sendApiFailure(request, reply, failure)
          },
        })
      },
    })
  })
}
