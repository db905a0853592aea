import replyFrom from '@fastify/reply-from'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ENDPOINT_PATHS, ENDPOINTS } from '../../contract/endpoints.ts'
import { sendApiFailure } from '../http/api-failure.ts'
import { API_PREFIX } from '../http/endpoint-routes.ts'
import { passAnswer } from './proxy-answers.ts'
import { forwardedHeaders, returnedHeaders } from './proxy-headers.ts'

export { API_PREFIX }

/** The service takes small JSON bodies; nothing near this size needs to cross the portal. */
export const MAX_BODY_BYTES = 1024 * 1024

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined
  return typeof error.statusCode === 'number' ? error.statusCode : undefined
}

/**
 * `MDM_API_URL` mode: each endpoint of contract/endpoints.ts, with the methods its row names,
 * goes to the real service as it came (the body byte for
 * byte, never re-serialized; Accept-Language, Authorization and the x-mdm-world of the tests
 * included), and its answer comes back as it is, files streamed, status and content type kept.
 * The body is read whole first (it is small JSON): the rate limits and the signed-out tokens
 * need its fields, and a service that cannot be reached then never cuts an upload short. A
 * service that is down or slow gets the portal's own envelope with 502 or 504, and so does a
 * failure the service answered with a page instead of its envelope. Any other path or method
 * is the portal's 404 and never reaches the service.
 */
export async function mdmProxy(
  app: FastifyInstance,
  options: {
    url: string
    timeoutMs: number
    /** Each answer of the service (or its failure), by endpoint, with its time, for the metrics. */
    onAnswer?: (
      endpoint: string,
      status: number | 'unreachable' | 'timeout',
      seconds: number,
    ) => void
  },
) {
  const upstream = new URL(options.url)
  const prefix = upstream.pathname.replace(/\/+$/, '')
  await app.register(async (scope) => {
    // The body is never parsed for the service nor re-serialized: its bytes go on as they came.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => done(null, body),
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
      if (status === 413) return sendApiFailure(request, reply, 'bodyTooLarge')
      if (status !== undefined && status >= 400 && status < 500) {
        return sendApiFailure(request, reply, 'badRequest')
      }
      request.log.error({ err: error }, 'proxy failed')
      return sendApiFailure(request, reply, 'internalError')
    })
    for (const endpoint of ENDPOINT_PATHS) {
      scope.route({
        method: [...ENDPOINTS[endpoint].methods],
        url: `${API_PREFIX}/${endpoint}`,
        // A HEAD would run a GET's effects (a profile's download) unasked, as in the embedded API.
        exposeHeadRoute: false,
        config: { endpoint },
        handler: pass,
      })
    }
  })

  function pass(request: FastifyRequest, reply: FastifyReply) {
    // MDM_API_TIMEOUT_MS covers the whole answer, from the request to its last byte.
    const deadline = Date.now() + options.timeoutMs
    const started = process.hrtime.bigint()
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9
    // The route's row names the endpoint: the service gets the path the portal's rules read.
    const endpoint = request.routeOptions.config.endpoint ?? 'other'
    const path = `${API_PREFIX}/${endpoint}`
    const body = Buffer.isBuffer(request.body) ? request.body : undefined
    return reply.from(`${prefix}${path}`, {
      ...(body
        ? {
            body,
            contentType: request.headers['content-type'] ?? 'application/octet-stream',
          }
        : {}),
      rewriteRequestHeaders: (_request, headers) => forwardedHeaders(request, headers),
      rewriteHeaders: (headers) => returnedHeaders(headers),
      onResponse: (_request, _reply, response) => {
        options.onAnswer?.(endpoint, response.statusCode, seconds())
        void passAnswer(request, reply, response, deadline)
      },
      // reply-from has logged the cause; the client learns only what kind of failure it was.
      onError(_reply, { error }) {
        const timeout = statusOf(error) === 504
        options.onAnswer?.(endpoint, timeout ? 'timeout' : 'unreachable', seconds())
        sendApiFailure(request, reply, timeout ? 'serviceTimeout' : 'serviceUnavailable')
      },
    })
  }
}
