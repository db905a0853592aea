import type { FastifyInstance } from 'fastify'
import { z } from '../../../contract/zod.ts'
import { deviceListFields, matchesFilter } from '../model/device-list.ts'
import { toDeviceWire } from '../views/device-view.ts'
import { deviceRefFields } from '../http/fields.ts'
import { pageOf } from '../http/paging.ts'
import { devicesInReach, findDevice } from '../http/reach.ts'
import { addRoute } from '../http/route.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/** POST device/list and device/info; the commands have routes of their own. */
export function registerDeviceRoutes(scope: FastifyInstance, worlds: WorldRegistry): void {
  addRoute(scope, worlds, {
    path: '/device/list',
    access: 'any',
    fields: deviceListFields,
    handle: ({ world, caller, body, lang }) => {
      const devices = devicesInReach(world, caller).filter((device) =>
        matchesFilter(device, body.filter),
      )
      const page = pageOf(world, devices, body.pageindex)
      return { ...page, data: page.data.map((device) => toDeviceWire(world, device, lang)) }
    },
  })

  addRoute(scope, worlds, {
    path: '/device/info',
    access: 'any',
    fields: z.object(deviceRefFields),
    handle: ({ world, caller, body, lang }) => ({
      deviceinfo: toDeviceWire(world, findDevice(world, caller, body), lang),
    }),
  })
}
