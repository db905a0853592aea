import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { readInput } from '../http/body.ts'
import { completeAll } from '../model/commands.ts'
import { arriveAll } from '../model/enrollments.ts'
import { optional, parseFields } from '../http/fields.ts'
import { now } from '../model/world.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/**
 * Control routes for tests, registered only in test mode. Each acts on the world of the
 * request's x-mdm-world header.
 */

const duration = optional(
  z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400_000),
)

const settingsFields = z.object({
  commandDelayMs: duration,
  tokenLifetimeMs: duration,
  renewalWindowMs: duration,
  sessionLifetimeMs: duration,
})

function fieldsOf<S extends z.ZodType>(request: FastifyRequest, schema: S): z.output<S> {
  return parseFields(schema, readInput(request))
}

export function registerTestRoutes(scope: FastifyInstance, worlds: WorldRegistry): void {
  scope.post('/__test/reset', (request) => {
    const world = worlds.reset(request)
    return { success: true, world: world.id }
  })

  scope.post('/__test/settings', (request) => {
    const world = worlds.select(request)
    const changes = fieldsOf(request, settingsFields)
    for (const key of [
      'commandDelayMs',
      'tokenLifetimeMs',
      'renewalWindowMs',
      'sessionLifetimeMs',
    ] as const) {
      const value = changes[key]
      if (value !== undefined) world.settings[key] = value
    }
    return { success: true, settings: world.settings }
  })

  scope.post('/__test/clock', (request) => {
    const world = worlds.select(request)
    const { advanceMs } = fieldsOf(request, z.object({ advanceMs: duration }))
    world.clockOffsetMs += advanceMs ?? 0
    return { success: true, now: new Date(now(world)).toISOString() }
  })

  scope.post('/__test/complete', (request) => {
    const world = worlds.select(request)
    // Devices being enrolled first: their mandatory app installs are open commands too.
    const arrived = arriveAll(world)
    return { success: true, completed: arrived + completeAll(world) }
  })
}
