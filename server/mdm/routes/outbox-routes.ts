import type { FastifyInstance } from 'fastify'
import { outboxJson, outboxPage } from '../views/outbox-page.ts'
import { requestState } from '../http/request-state.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/** The demo's mail catcher: GET /outbox (HTML) and GET /outbox.json (for tests). */
export function registerOutboxRoutes(scope: FastifyInstance, worlds: WorldRegistry): void {
  scope.get('/outbox', (request, reply) => {
    const world = worlds.select(request)
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(outboxPage(world.outbox, requestState(request).lang))
  })

  scope.get('/outbox.json', (request, reply) => {
    const world = worlds.select(request)
    return reply.header('cache-control', 'no-store').send(outboxJson(world.outbox))
  })
}
