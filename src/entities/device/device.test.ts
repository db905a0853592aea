import { describe, expect, it } from 'vitest'
import { deviceSchema } from '@contract/schemas'
import {
  ACTION_KINDS,
  ACTION_STATES,
  actionOf,
  commandPath,
  DEVICE_COMMANDS,
  isFormDialog,
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
  it('gives each command its path and its way of confirming', () => {
    expect(commandPath('lock')).toBe('device/lockscreen')
    expect(commandPath('lostModeOff')).toBe('device/disablelostmode')
    expect(isFormDialog('wipe')).toBe(true)
    expect(isFormDialog('lostModeOff')).toBe(false)
    expect(isFormDialog('locate')).toBe(false)
    expect(new Set(Object.values(DEVICE_COMMANDS).map((command) => command.path)).size).toBe(7)
  })

  it('names the device action a command makes pending', () => {
    expect(actionOf({ name: 'wipe', body: {} })).toBe('wipefull')
    expect(actionOf({ name: 'wipe', body: { partial: true } })).toBe('wipepartial')
    expect(actionOf({ name: 'lostModeOn', body: { message: 'x' } })).toBe('enablelostmode')
    expect(actionOf({ name: 'apps', body: {} })).toBeNull()
  })

  it('puts each command on the card of the action it makes pending', () => {
    for (const command of Object.values(DEVICE_COMMANDS)) {
      const awaits =
        typeof command.awaits === 'function'
          ? [command.awaits({}), command.awaits({ partial: true })]
          : [command.awaits]
      for (const action of awaits) {
        if (action === 'appList') expect(command.card).toBe('apps')
        else expect(ACTION_STATES[command.card]).toContain(action)
      }
    }
  })

  it('covers every device action with exactly one card', () => {
    const covered = ACTION_KINDS.flatMap((kind) => ACTION_STATES[kind])
    expect([...covered].sort()).toEqual(Object.keys(device().actions).sort())
  })
})
