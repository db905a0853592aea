import type { FastifyInstance } from 'fastify'
import { OUTBOX_CSS, outboxJson, outboxPage } from '../views/outbox-page.ts'
import { requestState } from '../http/request-state.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/**
 * The demo's mail catcher: GET /outbox (HTML) with its styles (GET /outbox.css), and
 * GET /outbox.json (for tests).
 */
export function registerOutboxRoutes(scope: FastifyInstance, worlds: WorldRegistry): void {
  scope.get('/outbox', (request, reply) => {
    const world = worlds.select(request)
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(outboxPage(world.outbox, requestState(request).lang))
  })

  scope.get('/outbox.css', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(OUTBOX_CSS),
  )

  scope.get('/outbox.json', (request, reply) => {
    const world = worlds.select(request)
    return reply.header('cache-control', 'no-store').send(outboxJson(world.outbox))
  })
}
