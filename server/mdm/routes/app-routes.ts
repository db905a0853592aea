import type { FastifyInstance } from 'fastify'
import { z } from '../../../contract/zod.ts'
import { appIcon } from '../views/app-icons.ts'
import { isCompatible } from '../model/app-compatibility.ts'
import { toAppWire } from '../views/app-view.ts'
import { FileAnswer } from '../http/answer.ts'
import type { Caller } from '../http/auth.ts'
import { issueCommand } from '../model/commands.ts'
import { ApiFailure } from '../http/failure.ts'
import { optional, requiredText } from '../http/fields.ts'
import { pageFields, pageOf } from '../http/paging.ts'
import { appsInReach, devicesInReach, findApp, findDevice } from '../http/reach.ts'
import { addRoute } from '../http/route.ts'
import type { World } from '../model/world.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/** App endpoints (spec: App endpoints, rules 1–4). */

const appId = requiredText(100)
const clientid = optional(requiredText(200))

/** `clientid` is for user requests; an administrator's list covers the tenant without a device. */
function targetFor(world: World, caller: Caller, clientid: string | undefined) {
  if (caller.kind === 'user' && clientid !== undefined) {
    return { device: findDevice(world, caller, { clientid }) }
  }
  return { devices: devicesInReach(world, caller) }
}

export function registerAppRoutes(scope: FastifyInstance, worlds: WorldRegistry): void {
  addRoute(scope, worlds, {
    path: '/app/list',
    access: 'any',
    fields: z.object({ clientid, ...pageFields }),
    handle: ({ world, caller, body }) => {
      const target = targetFor(world, caller, body.clientid)
      const page = pageOf(world, appsInReach(world, caller), body.pageindex)
      return { ...page, data: page.data.map((app) => toAppWire(world, app, target)) }
    },
  })

  addRoute(scope, worlds, {
    path: '/app/info',
    access: 'any',
    fields: z.object({ id: appId, clientid }),
    handle: ({ world, caller, body }) => {
      const app = findApp(world, caller, body.id)
      return { data: toAppWire(world, app, targetFor(world, caller, body.clientid)) }
    },
  })

  addRoute(scope, worlds, {
    path: '/app/image',
    access: 'any',
    fields: z.object({ id: appId }),
    get: true,
    handle: ({ world, caller, body }) => {
      const app = findApp(world, caller, body.id)
      if (!app.iconColor) throw new ApiFailure('appImageNotFound')
      return new FileAnswer('image/png', appIcon(app.iconColor), null, 'private, max-age=3600')
    },
  })

  for (const action of ['install', 'uninstall'] as const) {
    addRoute(scope, worlds, {
      path: `/app/${action}`,
      access: 'any',
      fields: z.object({ id: appId, clientid: requiredText(200) }),
      handle: ({ world, caller, body }) => {
        const app = findApp(world, caller, body.id)
        const device = findDevice(world, caller, { clientid: body.clientid })
        // App rule 1 (and 3 for administrators): assigned to the device's user, and compatible.
        const owner = device.usersid === null ? undefined : world.users.get(device.usersid)
        if (!owner?.appIds.has(app.id)) throw new ApiFailure('appNotAssigned')
        if (!isCompatible(app, device)) throw new ApiFailure('appNotCompatible')
        if (!device.managed || device.wiped) throw new ApiFailure('actionNotAvailable', { action })
        issueCommand(world, device, action, { appId: app.id })
        return {}
      },
    })
  }
}
