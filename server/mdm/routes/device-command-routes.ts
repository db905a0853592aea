import type { FastifyInstance } from 'fastify'
import { z } from '../../../contract/zod.ts'
import { MAC_PIN } from '../../../contract/commands.ts'
import { DEVICE_TYPE, type DeviceActionName } from '../../../contract/schemas.ts'
import { issueCommand } from '../model/commands.ts'
import { isActionVisible } from '../model/device-modes.ts'
import { ApiFailure } from '../http/failure.ts'
import { deviceRefFields, flag, optional, text } from '../http/fields.ts'
import type { DeviceRecord } from '../model/records.ts'
import { findDevice, type DeviceRef } from '../http/reach.ts'
import { addRoute } from '../http/route.ts'
import type { World } from '../model/world.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/** The remote commands (spec: Device endpoints, rules 1–8). Each answers the bare envelope. */

function ensureVisible(device: DeviceRecord, action: DeviceActionName): void {
  if (!isActionVisible(device, action)) throw new ApiFailure('actionNotAvailable', { action })
}

/** Device endpoints: macpin is optional, and when a Mac's lock or full wipe has one, 6 digits. */
function ensureMacPin(device: DeviceRecord, macpin: string | undefined): void {
  if (device.type === DEVICE_TYPE.macos && macpin !== undefined && !MAC_PIN.test(macpin)) {
    throw new ApiFailure('macPinInvalid')
  }
}

const present = (value: string | undefined) => value !== undefined && value.trim() !== ''

function ensureAndroidPassword(device: DeviceRecord, password: string | undefined): void {
  if (device.type === DEVICE_TYPE.android && !present(password)) {
    throw new ApiFailure('androidPasswordRequired')
  }
}

function commandRoute<S extends z.ZodMiniType<DeviceRef>>(
  scope: FastifyInstance,
  worlds: WorldRegistry,
  path: string,
  fields: S,
  run: (world: World, device: DeviceRecord, body: z.output<S>) => void,
): void {
  addRoute(scope, worlds, {
    path,
    access: 'any',
    fields,
    handle: ({ world, caller, body }) => {
      run(world, findDevice(world, caller, body), body)
      return {}
    },
  })
}

const ref = z.object(deviceRefFields)
const simple = (action: DeviceActionName) => (world: World, device: DeviceRecord) => {
  ensureVisible(device, action)
  issueCommand(world, device, action)
}

export function registerDeviceCommandRoutes(scope: FastifyInstance, worlds: WorldRegistry): void {
  const lockFields = z.extend(ref, {
    message: optional(text()),
    phonenumber: optional(text(100)),
    macpin: optional(text(100)),
  })
  commandRoute(scope, worlds, '/device/lockscreen', lockFields, (world, device, body) => {
    ensureVisible(device, 'lockscreen')
    ensureMacPin(device, body.macpin)
    issueCommand(world, device, 'lockscreen')
  })

  const wipeFields = z.extend(ref, { macpin: optional(text(100)), partial: optional(flag) })
  commandRoute(scope, worlds, '/device/wipe', wipeFields, (world, device, body) => {
    const action = body.partial ? 'wipepartial' : 'wipefull'
    ensureVisible(device, action)
    if (action === 'wipefull') ensureMacPin(device, body.macpin)
    issueCommand(world, device, action)
  })

  const lostModeFields = z.extend(ref, {
    message: optional(text()),
    phonenumber: optional(text(100)),
    footnote: optional(text()),
    password: optional(text(200)),
  })
  commandRoute(scope, worlds, '/device/enablelostmode', lostModeFields, (world, device, body) => {
    ensureVisible(device, 'enablelostmode')
    if (!present(body.message) && !present(body.phonenumber)) {
      throw new ApiFailure('lostModeContactRequired')
    }
    ensureAndroidPassword(device, body.password)
    issueCommand(world, device, 'enablelostmode', { password: body.password })
  })

  commandRoute(scope, worlds, '/device/disablelostmode', ref, simple('disablelostmode'))
  commandRoute(scope, worlds, '/device/requestlocation', ref, simple('requestlocation'))

  const passcodeFields = z.extend(ref, { password: optional(text(200)) })
  commandRoute(scope, worlds, '/device/resetpasscode', passcodeFields, (world, device, body) => {
    ensureVisible(device, 'resetpasscode')
    ensureAndroidPassword(device, body.password)
    issueCommand(world, device, 'resetpasscode', { password: body.password })
  })

  commandRoute(scope, worlds, '/device/requestapplist', ref, (world, device) => {
    // Not one of the device's actions; every device still under management can report its apps.
    if (!device.managed || device.wiped) {
      throw new ApiFailure('actionNotAvailable', { action: 'requestapplist' })
    }
    issueCommand(world, device, 'requestapplist')
  })
}
