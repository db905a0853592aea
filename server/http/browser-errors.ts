import Bowser from 'bowser'
import type { FastifyInstance } from 'fastify'
import { clientErrorReport } from '../../contract/client-error-report.ts'
import { CLIENT_ERRORS_PATH } from '../../contract/client-errors.ts'
import { sendApiFailure } from './api-failure.ts'

/** A report is a few hundred bytes; a few KB leave room and no more. */
const CLIENT_ERROR_BODY_LIMIT = 4 * 1024

/** The browser's family ("Chrome", "Firefox"), never the header itself: it tells a person apart. */
function browserFamily(userAgent: string | undefined): string {
  if (!userAgent) return ''
  return Bowser.parse(userAgent.slice(0, 1000)).browser.name ?? ''
}

/**
 * `POST /api/portal/client-errors`: a screen that threw or a route that failed in a browser
 * (contract/client-errors.ts). One `clientError` line at warn in the server's log, 204, nothing
 * kept and nothing passed to the service. No session: an error can happen signed out, so only
 * the limit per address (CLIENT_ERROR_RATE_LIMIT) stands between a sender and the log.
 */
export async function browserErrorRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    // A body too large keeps its 413; anything else unreadable is a 400, in the envelope.
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) =>
      error.statusCode === 413
        ? sendApiFailure(request, reply, 'bodyTooLarge')
        : sendApiFailure(request, reply, 'badRequest'),
    )
    const route = { bodyLimit: CLIENT_ERROR_BODY_LIMIT, config: { limit: 'clientErrors' as const } }
    scope.post(CLIENT_ERRORS_PATH, route, async (request, reply) => {
      const report = clientErrorReport.safeParse(request.body)
      if (!report.success) return sendApiFailure(request, reply, 'badRequest')
      const { name, message, pattern, version } = report.data
      const browser = browserFamily(request.headers['user-agent'])
      request.log.warn(
        { clientError: { name, message, pattern, ...(version ? { version } : {}), browser } },
        'clientError',
      )
      return reply.code(204).header('cache-control', 'no-store').send()
    })
  })
}
