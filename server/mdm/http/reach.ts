import type { Caller } from './auth.ts'
import { ApiFailure } from './failure.ts'
import type { AppRecord, DeviceRecord } from '../model/records.ts'
import type { World } from '../model/world.ts'

/**
 * What a caller may see (spec convention 4): a user their own devices and assigned apps, an
 * administrator everything of the tenant. Anything outside the reach is "not found".
 */

export function devicesInReach(world: World, caller: Caller): DeviceRecord[] {
  return [...world.devices.values()].filter((device) =>
    caller.kind === 'user'
      ? device.usersid === caller.user.sid
      : device.tenantId === caller.tenantId,
  )
}

export function appsInReach(world: World, caller: Caller): AppRecord[] {
  return [...world.apps.values()].filter((app) =>
    caller.kind === 'user' ? caller.user.appIds.has(app.id) : app.tenantId === caller.tenantId,
  )
}

export function findApp(world: World, caller: Caller, id: string): AppRecord {
  const app = appsInReach(world, caller).find((candidate) => candidate.id === id)
  if (!app) throw new ApiFailure('appNotFound')
  return app
}

export interface DeviceRef {
  clientid?: string | undefined
  imei?: string | undefined
  serialnumber?: string | undefined
}

/** A device is named by exactly one of clientid, imei and serialnumber. */
export function findDevice(world: World, caller: Caller, ref: DeviceRef): DeviceRecord {
  const given = (['clientid', 'imei', 'serialnumber'] as const).filter(
    (field) => ref[field] !== undefined,
  )
  const [field, ...others] = given
  if (field === undefined || others.length > 0) throw new ApiFailure('deviceIdentifierInvalid')
  const wanted = ref[field]
  const device = devicesInReach(world, caller).find((candidate) => candidate[field] === wanted)
  if (!device) throw new ApiFailure('deviceNotFound')
  return device
}
