import type { FastifyInstance } from 'fastify'

/**
 * SIGTERM (and Ctrl-C) stop the server gracefully: no new connections, the requests under way
 * are answered, then the process exits 0. Should one of them hang, the process exits 1 after
 * `timeoutMs`, well before an orchestrator would kill it without a word.
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
      const force = setTimeout(() => {
        app.log.warn({ timeoutMs }, 'requests still running at the shutdown deadline: exiting')
        exit(1)
      }, timeoutMs)
      force.unref()
      app.close().then(
        () => {
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
 * While the server closes, every answer ends its connection: a browser's keep-alive connection
 * would otherwise stay open after its last answer and hold the process until the deadline.
 */
export function endConnectionsWhenClosing(app: FastifyInstance) {
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
}
