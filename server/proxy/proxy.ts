import replyFrom from '@fastify/reply-from'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AsyncLocalStorage } from 'node:async_hooks'
import { Agent, type Dispatcher } from 'undici'
import { ENDPOINT_PATHS, ENDPOINTS } from '../../contract/endpoints.ts'
import { sendApiFailure } from '../http/api-failure.ts'
import { API_PREFIX } from '../http/endpoint-routes.ts'
import { answerAtShutdown, answeredAtShutdown } from '../http/shutdown.ts'
import type { ServiceOutcome } from '../http/metrics.ts'
import { passAnswer } from './proxy-answers.ts'
import { forwardedHeaders, returnedHeaders } from './proxy-headers.ts'

export { API_PREFIX }

/** The service takes small JSON bodies; nothing near this size needs to cross the portal. */
export const MAX_BODY_BYTES = 1024 * 1024

/** The signal of the client's request that a call to the service is made for. */
const forClient = new AsyncLocalStorage<AbortSignal>()

/** The client a request the portal makes of itself is for (a one-time link's request). */
const onBehalfOf = new AsyncLocalStorage<AbortSignal>()

/** Why nobody waits for an answer any more: its client left, or the shutdown answered it. */
type Gone = 'left' | 'shutdown'

/**
 * Aborted, with a Gone as its reason, when the client's connection closes before its answer is
 * complete (a tab closed, a download cancelled), when the shutdown has answered the request
 * itself (answeredAtShutdown), or when the client a request is made for (`onBehalf`) is gone.
 * Not Fastify's `request.signal`: that follows the request, which Node closes once its body has
 * been read, so it would abort every POST before the service answered.
 */
export function clientLeaves(reply: FastifyReply): AbortSignal {
  const client = new AbortController()
  const leave = (reason: Gone) => {
    if (!reply.raw.writableEnded) client.abort(reason)
  }
  reply.raw.once('close', () => leave('left'))
  const behalf = onBehalfOf.getStore()
  const behalfGone = () => leave(behalf?.reason === 'shutdown' ? 'shutdown' : 'left')
  if (behalf?.aborted) behalfGone()
  else behalf?.addEventListener('abort', behalfGone, { once: true })
  return AbortSignal.any([client.signal, answeredAtShutdown(reply)])
}

/**
 * Runs `ask` (an `app.inject` into the API) for the client of `client`: should it leave, the
 * requests to the service made for it end as if their own client had left.
 */
export function onBehalf<T>(client: AbortSignal, ask: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: an injection starts only when it is awaited, and must start in here.
  return onBehalfOf.run(client, async () => await ask())
}

/**
 * The service's connections, for reply-from: each call carries its client's signal, so a
 * request the client abandons ends the service's request and frees its socket at once, whether
 * its headers were still awaited or its answer was coming, instead of holding both until
 * MDM_API_TIMEOUT_MS. reply-from passes no signal of its own; it takes a dispatcher instead.
 */
function serviceDispatcher(timeoutMs: number) {
  const agent = new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    // reply-from would otherwise accept any certificate.
    connect: { rejectUnauthorized: true, timeout: Math.min(timeoutMs, 10_000) },
  })
  function request(
    options: Dispatcher.RequestOptions,
    callback: (error: Error | null, data: Dispatcher.ResponseData) => void,
  ) {
    const signal = forClient.getStore()
    agent.request({ ...options, signal }, (error, data) => {
      // Nobody waits for this answer: reply-from would log its end as the service's failure.
      if (error && signal?.aborted) return
      callback(error, data)
    })
  }
  return {
    // reply-from calls the callback form only.
    request: request as Dispatcher['request'],
    // reply-from's `destroyAgent` closes it with the portal.
    destroy: () => agent.destroy(),
  }
}

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
    onAnswer?: (endpoint: string, status: ServiceOutcome, seconds: number) => void
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
      undici: serviceDispatcher(options.timeoutMs),
    })
    scope.setErrorHandler((error, request, reply) => {
      const status = statusOf(error)
      if (status === 413) return sendApiFailure(request, reply, 'bodyTooLarge')
      if (status !== undefined && status >= 400 && status < 500) {
        return sendApiFailure(request, reply, 'badRequest')
      }
      request.log.error({ err: error }, 'proxy failed')
      return sendApiFailure(request, reply, 'portalFailed')
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
    let answered = false
    const answer = (status: ServiceOutcome) => {
      answered = true
      options.onAnswer?.(endpoint, status, seconds())
    }
    // Left (or answered by the shutdown) before the service's headers: neither its failure nor
    // its delay; once they came, the service has answered and its time is counted as such.
    const left = clientLeaves(reply)
    const leave = () => {
      if (left.reason === 'shutdown') {
        if (!answered) answer('shutdown')
        // A one-time link's request has it when the device's had it, answered first.
        answerAtShutdown(reply)
        return
      }
      if (!answered) answer('abandoned')
      // An injected request's answer (a one-time link's) ends with its client; a socket has.
      reply.raw.destroy()
    }
    if (left.aborted) return leave()
    left.addEventListener('abort', leave)
    const path = `${API_PREFIX}/${endpoint}`
    const body = Buffer.isBuffer(request.body) ? request.body : undefined
    const from = () =>
      reply.from(`${prefix}${path}`, {
        ...(body
          ? {
              body,
              contentType: request.headers['content-type'] ?? 'application/octet-stream',
            }
          : {}),
        rewriteRequestHeaders: (_request, headers) => forwardedHeaders(request, headers),
        rewriteHeaders: (headers) => returnedHeaders(headers),
        onResponse: (_request, _reply, response) => {
          answer(response.statusCode)
          void passAnswer(request, reply, response, deadline, left)
        },
        // reply-from has logged the cause; the client learns only what kind of failure it was.
        onError(_reply, { error }) {
          const timeout = statusOf(error) === 504
          answer(timeout ? 'timeout' : 'unreachable')
          sendApiFailure(request, reply, timeout ? 'serviceTimeout' : 'serviceUnavailable')
        },
      })
    // Not returned: a reply is a thenable, which Fastify would answer empty once it closes.
    forClient.run(left, from)
  }
}
