import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from '../../../contract/zod.ts'
import { readInput } from '../http/body.ts'
import { completeAll } from '../model/commands.ts'
import { arriveAll } from '../model/enrollments.ts'
import { optional, parseFields } from '../http/fields.ts'
import { addLargeDemo } from '../demo/large-demo.ts'
import { DEFAULT_LARGE_DEMO, MAX_LARGE_DEMO } from '../demo/large-demo-size.ts'
import { now } from '../model/world.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/**
 * Control routes for tests, registered only in test mode. Each acts on the world of the
 * request's x-mdm-world header.
 */

const duration = optional(z.number().check(z.int(), z.minimum(0), z.maximum(366 * 86_400_000)))

const settingsFields = z.object({
  commandDelayMs: duration,
  tokenLifetimeMs: duration,
  renewalWindowMs: duration,
  sessionLifetimeMs: duration,
  pageSize: optional(z.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
})

const largeDemoFields = z.object({
  devices: optional(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_LARGE_DEMO.devices))),
  apps: optional(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_LARGE_DEMO.apps))),
})

function fieldsOf<S extends z.ZodMiniType>(request: FastifyRequest, schema: S): z.output<S> {
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
      'pageSize',
    ] as const) {
      const value = changes[key]
      if (value !== undefined) world.settings[key] = value
    }
    return { success: true, settings: world.settings }
  })

  // A large account in this world only (MDM_LARGE_DEMO for the whole server): Anna gets
  // devices and apps up to the given numbers.
  scope.post('/__test/large-demo', (request) => {
    const world = worlds.select(request)
    const size = fieldsOf(request, largeDemoFields)
    addLargeDemo(world, now(world), {
      devices: size.devices ?? DEFAULT_LARGE_DEMO.devices,
      apps: size.apps ?? DEFAULT_LARGE_DEMO.apps,
    })
    return { success: true }
  })

  scope.post('/__test/clock', (request) => {
    const world = worlds.select(request)
    const { advanceMs } = fieldsOf(request, z.object({ advanceMs: duration }))
    world.clockOffsetMs += advanceMs ?? 0
    return { success: true, now: new Date(now(world)).toISOString() }
  })

  // An app no longer assigned to a user (as an administrator does in the management console).
  scope.post('/__test/unassign', (request) => {
    const world = worlds.select(request)
    const { email, id } = fieldsOf(request, z.object({ email: z.string(), id: z.string() }))
    const user = [...world.users.values()].find((candidate) => candidate.email === email)
    return { success: user?.appIds.delete(id) === true }
  })

  scope.post('/__test/complete', (request) => {
    const world = worlds.select(request)
    // Devices being enrolled first: their mandatory app installs are open commands too.
    const arrived = arriveAll(world)
    return { success: true, completed: arrived + completeAll(world) }
  })
}
