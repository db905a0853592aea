import type { FastifyInstance } from 'fastify'
import { z } from '../../../contract/zod.ts'
import {
  COMMANDS,
  DEVICE_COMMAND_NAMES,
  MAC_PIN,
  type CommandFields,
  type DeviceCommandName,
} from '../../../contract/commands.ts'
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

type Route = (scope: FastifyInstance, worlds: WorldRegistry, path: string) => void

/** A command's route: the device it names is found in the caller's reach, then `run` acts. */
function commandRoute<S extends z.ZodMiniType<DeviceRef>>(
  fields: S,
  run: (world: World, device: DeviceRecord, body: z.output<S>) => void,
): Route {
  return (scope, worlds, path) =>
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

/**
 * A plain command names only the device and shows one device action pending (lost mode off,
 * locate): sent when the device offers that action (device-modes.ts), with nothing else to
 * check, so its route needs no line of its own here.
 */
type PlainCommand = {
  [C in DeviceCommandName]: keyof CommandFields<C> extends never
    ? (typeof COMMANDS)[C]['pending'] extends readonly [DeviceActionName]
      ? C
      : never
    : never
}[DeviceCommandName]

function isPlain(name: DeviceCommandName): name is PlainCommand {
  const entry = COMMANDS[name]
  return !('fields' in entry) && entry.pending.length === 1
}

function plainRoute(name: PlainCommand): Route {
  const action = COMMANDS[name].pending[0]
  return commandRoute(ref, (world, device) => {
    ensureVisible(device, action)
    issueCommand(world, device, action)
  })
}

const lockFields = z.extend(ref, {
  message: optional(text()),
  phonenumber: optional(text(100)),
  macpin: optional(text(100)),
})
const wipeFields = z.extend(ref, { macpin: optional(text(100)), partial: optional(flag) })
const lostModeFields = z.extend(ref, {
  message: optional(text()),
  phonenumber: optional(text(100)),
  footnote: optional(text()),
  password: optional(text(200)),
})
const passcodeFields = z.extend(ref, { password: optional(text(200)) })

/** Every other command sent to a device: what it takes and checks beyond the device's offer. */
const ROUTES: Record<Exclude<DeviceCommandName, PlainCommand>, Route> = {
  lock: commandRoute(lockFields, (world, device, body) => {
    ensureVisible(device, 'lockscreen')
    ensureMacPin(device, body.macpin)
    issueCommand(world, device, 'lockscreen')
  }),
  wipe: commandRoute(wipeFields, (world, device, body) => {
    const action = body.partial ? 'wipepartial' : 'wipefull'
    ensureVisible(device, action)
    if (action === 'wipefull') ensureMacPin(device, body.macpin)
    issueCommand(world, device, action)
  }),
  lostModeOn: commandRoute(lostModeFields, (world, device, body) => {
    ensureVisible(device, 'enablelostmode')
    if (!present(body.message) && !present(body.phonenumber)) {
      throw new ApiFailure('lostModeContactRequired')
    }
    ensureAndroidPassword(device, body.password)
    issueCommand(world, device, 'enablelostmode', { password: body.password })
  }),
  passcodeReset: commandRoute(passcodeFields, (world, device, body) => {
    ensureVisible(device, 'resetpasscode')
    ensureAndroidPassword(device, body.password)
    issueCommand(world, device, 'resetpasscode', { password: body.password })
  }),
  appListRefresh: commandRoute(ref, (world, device) => {
    // Not one of the device's actions; every device still under management can report its apps.
    if (!device.managed || device.wiped) {
      throw new ApiFailure('actionNotAvailable', { action: 'requestapplist' })
    }
    issueCommand(world, device, 'requestapplist')
  }),
}

/** Each command sent to a device, at the path its entry in contract/commands.ts names. */
export function registerDeviceCommandRoutes(scope: FastifyInstance, worlds: WorldRegistry): void {
  for (const name of DEVICE_COMMAND_NAMES) {
    const route = isPlain(name) ? plainRoute(name) : ROUTES[name]
    route(scope, worlds, `/${COMMANDS[name].path}`)
  }
}
