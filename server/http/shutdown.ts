import type { Http2Session } from 'node:http2'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { sendApiFailure } from './api-failure.ts'

/** The answers not yet sent, per server. */
const unanswered = new WeakMap<FastifyInstance, Set<FastifyReply>>()

/** The requests the shutdown answered itself. */
const answeredByShutdown = new WeakSet<FastifyReply>()

/** Per request, aborted once the shutdown has answered it (see answeredAtShutdown). */
const shutdownAnswers = new WeakMap<FastifyReply, AbortController>()

function shutdownAnswer(reply: FastifyReply): AbortController {
  let answer = shutdownAnswers.get(reply)
  if (!answer) shutdownAnswers.set(reply, (answer = new AbortController()))
  return answer
}

/**
 * Aborts, with the reason 'shutdown', once the shutdown has answered this request itself
 * (answerAtShutdown): what it still waits for (the service's answer) is awaited by nobody.
 */
export function answeredAtShutdown(reply: FastifyReply): AbortSignal {
  return shutdownAnswer(reply).signal
}

/** Whether the shutdown answered this request itself: its log line says so. */
export function wasAnsweredAtShutdown(reply: FastifyReply): boolean {
  return answeredByShutdown.has(reply)
}

/**
 * Answers a request still under way as the service would on a timeout: 504, under /api in the
 * envelope; then ends what it waited for (answeredAtShutdown). False when it has its answer.
 */
export function answerAtShutdown(reply: FastifyReply): boolean {
  if (answeredByShutdown.has(reply) || reply.sent || reply.raw.headersSent) return false
  // Before the answer: an injected request's (a one-time link's) is logged as it is sent.
  answeredByShutdown.add(reply)
  if (reply.request.url.toLowerCase().startsWith('/api/')) {
    sendApiFailure(reply.request, reply, 'serviceTimeout')
  } else {
    reply.code(504).type('text/plain; charset=utf-8').header('cache-control', 'no-store')
    reply.send('The portal is restarting. Please try again.\n')
  }
  shutdownAnswer(reply).abort('shutdown')
  return true
}

/**
 * Answers every request still under way (answerAtShutdown). Used shortly before the shutdown
 * deadline, which may come before the proxy's own timeout (MDM_API_TIMEOUT_MS).
 */
export function answerRequestsInFlight(app: FastifyInstance): number {
  let answered = 0
  for (const reply of unanswered.get(app) ?? []) if (answerAtShutdown(reply)) answered++
  return answered
}

/** How long before the deadline the requests still under way are answered. */
function answerMargin(timeoutMs: number): number {
  return Math.min(2_000, Math.floor(timeoutMs / 4))
}

/**
 * SIGTERM (and Ctrl-C) stop the server gracefully: no new connections, the requests under way
 * are answered, then the process exits 0. Requests still waiting for the service shortly before
 * `timeoutMs` are answered with 504 (see answerRequestsInFlight); should the process still not
 * have stopped at `timeoutMs`, it exits 1, well before an orchestrator would kill it without a
 * word.
 */
export function closeOnSignals(
  app: FastifyInstance,
  timeoutMs: number,
  exit: (code: number) => void = (code) => process.exit(code),
) {
  let closing = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return
      closing = true
      app.log.info({ signal }, 'shutting down after the requests under way')
      const answer = setTimeout(
        () => {
          const answered = answerRequestsInFlight(app)
          if (answered > 0) app.log.warn({ answered }, 'requests still waiting at shutdown: 504')
        },
        timeoutMs - answerMargin(timeoutMs),
      )
      answer.unref()
      const force = setTimeout(() => {
        app.log.warn({ timeoutMs }, 'requests still running at the shutdown deadline: exiting')
        exit(1)
      }, timeoutMs)
      force.unref()
      app.close().then(
        () => {
          clearTimeout(answer)
          app.log.info('stopped')
          exit(0)
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed')
          exit(1)
        },
      )
    })
  }
}

/**
 * Keeps track of the requests under way, for answerRequestsInFlight.
 * While the server closes, every answer ends its connection, and every HTTP/2 connection is told
 * to take no new requests (GOAWAY) and ends with its last answer: a browser's open connection
 * would otherwise stay after its last answer and hold the process until the deadline.
 */
export function endConnectionsWhenClosing(app: FastifyInstance) {
  const open = new Set<FastifyReply>()
  unanswered.set(app, open)
  app.addHook('onRequest', (_request, reply, done) => {
    open.add(reply)
    reply.raw.once('close', () => open.delete(reply))
    done()
  })
  const sessions = new Set<Http2Session>()
  app.server.on('session', (session: Http2Session) => {
    sessions.add(session)
    session.once('close', () => sessions.delete(session))
  })
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    for (const session of sessions) session.close()
    done()
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    // HTTP/2 has no such header: its connections end through GOAWAY above.
    if (closing && request.raw.httpVersionMajor < 2) reply.header('connection', 'close')
    done(null, payload)
  })
}
