import { describe, expect, expectTypeOf, it } from 'vitest'
import { COMMAND_NAMES, COMMANDS, type Change, type DeviceCommandName } from '@contract/commands'
import type { HelpdeskAction } from '@contract/helpdesk-roles'
import type { RecordedAction } from './history'
import { deviceSchema } from '@contract/schemas'
import {
  ACTION_KINDS,
  ACTION_STATES,
  actionOf,
  cardOf,
  furtherCommandsOn,
  type ActionKind,
  type CommandName,
  commandPath,
  DEVICE_COMMANDS,
  isFormDialog,
  type DeviceCommand,
} from './commands'
import {
  appPlatformOf,
  isAppPlatform,
  isPlatform,
  managementMode,
  platformOf,
} from '@contract/platform'
import { deviceName } from './name'
import { hasPendingAction, isPending, pendingActions } from './status'

const device = (pending: string[] = []) =>
  deviceSchema.parse({
    clientid: 'a',
    actions: Object.fromEntries(pending.map((name) => [name, { status: 1, visible: true }])),
  })

describe('deviceName', () => {
  const ids = { clientid: 'c-1', displayname: null, modelname: null, serialnumber: null }
  it('prefers the given name, then the model, then the serial number, then the id', () => {
    expect(deviceName({ ...ids, displayname: ' Anna’s iPhone ', modelname: 'iPhone 15' })).toBe(
      'Anna’s iPhone',
    )
    expect(deviceName({ ...ids, displayname: '  ', modelname: 'iPhone 15' })).toBe('iPhone 15')
    expect(deviceName({ ...ids, serialnumber: 'F2LXK1' })).toBe('F2LXK1')
    expect(deviceName(ids)).toBe('c-1')
  })
})

describe('platforms', () => {
  it('reads a device type as a platform, and nothing for an unknown type', () => {
    expect(platformOf({ type: 2 })).toBe('ios')
    expect(platformOf({ type: 4 })).toBe('android')
    expect(platformOf({ type: 7 })).toBe('macos')
    expect(platformOf({ type: 9 })).toBeNull()
    expect(platformOf({ type: null })).toBeNull()
  })

  it('groups platforms into the app platforms of the wire', () => {
    expect(appPlatformOf('ios')).toBe('Apple')
    expect(appPlatformOf('macos')).toBe('Apple')
    expect(appPlatformOf('android')).toBe('Android')
    expect(appPlatformOf(null)).toBeNull()
    expect(isAppPlatform('Apple')).toBe(true)
    expect(isAppPlatform('ios')).toBe(false)
    expect(isPlatform('macos')).toBe(true)
    expect(isPlatform('mac')).toBe(false)
  })

  it('tells the management mode apart', () => {
    const base = deviceSchema.parse({ clientid: 'a' })
    expect(managementMode({ ...base, type: 2, supervised: true })).toBe('iosSupervised')
    expect(managementMode({ ...base, type: 2, enrollmenttype: 2 })).toBe('iosUserEnrollment')
    expect(managementMode({ ...base, type: 4, androidforworktype: 2 })).toBe('androidWorkProfile')
    expect(managementMode({ ...base, type: 4, androidforworktype: 4 })).toBe(
      'androidCompanyWorkProfile',
    )
    expect(managementMode({ ...base, type: 7 })).toBe('macos')
    expect(managementMode({ ...base, type: 0 })).toBe('unknown')
  })
})

describe('pending', () => {
  it('finds the actions with the pending status', () => {
    expect(hasPendingAction(device())).toBe(false)
    expect(hasPendingAction(device(['lockscreen']))).toBe(true)
    expect(pendingActions(device(['wipefull', 'requestlocation']))).toEqual([
      'wipefull',
      'requestlocation',
    ])
  })

  it('reads apps and actions alike', () => {
    expect(isPending({ status: 1 })).toBe(true)
    expect(isPending({ status: 3 })).toBe(false)
    expect(isPending({ status: null })).toBe(false)
    expect(isPending(undefined)).toBe(false)
  })
})

describe('the action vocabulary', () => {
  it("keys the client's tables by the contract's command names", () => {
    // The type checker fails here when a table names a command its own way.
    expectTypeOf<CommandName>().toEqualTypeOf<DeviceCommandName>()
    expectTypeOf<keyof typeof DEVICE_COMMANDS>().toEqualTypeOf<DeviceCommandName>()
    expectTypeOf<RecordedAction>().toEqualTypeOf<Change>()
    expectTypeOf<ActionKind>().toExtend<HelpdeskAction>()
    const sentToDevices = COMMAND_NAMES.filter((name) => COMMANDS[name].path.startsWith('device/'))
    expect(Object.keys(DEVICE_COMMANDS).sort()).toEqual(sentToDevices.sort())
  })

  it('gives each command its path and its way of confirming', () => {
    expect(commandPath('lock')).toBe('device/lockscreen')
    expect(commandPath('lostModeOff')).toBe('device/disablelostmode')
    expect(isFormDialog('wipe')).toBe(true)
    expect(isFormDialog('lostModeOff')).toBe(false)
    expect(isFormDialog('locate')).toBe(false)
    const names = Object.keys(DEVICE_COMMANDS) as (keyof typeof DEVICE_COMMANDS)[]
    expect(new Set(names.map((name) => commandPath(name))).size).toBe(names.length)
  })

  it('names the device action a command makes pending', () => {
    expect(actionOf({ name: 'wipe', body: {} })).toBe('wipefull')
    expect(actionOf({ name: 'wipe', body: { partial: true } })).toBe('wipepartial')
    expect(actionOf({ name: 'lostModeOn', body: { message: 'x' } })).toBe('enablelostmode')
    expect(actionOf({ name: 'passcodeReset', body: {} })).toBe('resetpasscode')
    expect(actionOf({ name: 'appListRefresh', body: {} })).toBeNull()
  })

  it("puts each command on the card of the action it makes pending, as the card's own button or a further one", () => {
    for (const name of Object.keys(DEVICE_COMMANDS) as (keyof typeof DEVICE_COMMANDS)[]) {
      const further: readonly string[] = furtherCommandsOn(cardOf(name))
      for (const body of [{}, { partial: true }]) {
        const action = actionOf({ name, body } as DeviceCommand)
        if (further.includes(name)) expect(ACTION_STATES[cardOf(name)]).not.toContain(action)
        else if (action === null) expect(cardOf(name)).toBe('appListRefresh')
        else expect(ACTION_STATES[cardOf(name)]).toContain(action)
      }
    }
  })

  it('covers every device action with exactly one card', () => {
    const covered = ACTION_KINDS.flatMap((kind) => [
      ...ACTION_STATES[kind],
      ...furtherCommandsOn(kind).flatMap((name: DeviceCommandName) => COMMANDS[name].pending),
    ])
    expect([...covered].sort()).toEqual(Object.keys(device().actions).sort())
  })
})
