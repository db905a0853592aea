import type { DeviceActionName } from '../../../contract/schemas.ts'
import { managementMode, type ManagementMode } from '../../../contract/platform.ts'
import type { DeviceRecord } from './records.ts'

/**
 * What a device can really do depends on its platform and management mode (the portal's own
 * device model); the device's `actions.<name>.visible` follows from this table and its state
 * (lost mode on or off).
 */
interface Capabilities {
  lockscreen: boolean
  wipefull: boolean
  wipepartial: boolean
  resetpasscode: boolean
  lostMode: boolean
  /** When a location can be requested; on iOS only in lost mode (api-facts, a guess). */
  location: 'always' | 'inLostMode' | 'never'
}

const NOTHING: Capabilities = {
  lockscreen: false,
  wipefull: false,
  wipepartial: false,
  resetpasscode: false,
  lostMode: false,
  location: 'never',
}

const CAPABILITIES: Record<ManagementMode, Capabilities> = {
  unknown: NOTHING,
  iosSupervised: {
    lockscreen: true,
    wipefull: true,
    wipepartial: true,
    resetpasscode: true,
    lostMode: true,
    location: 'inLostMode',
  },
  // Lost mode needs supervision.
  iosDevice: {
    lockscreen: true,
    wipefull: true,
    wipepartial: true,
    resetpasscode: true,
    lostMode: false,
    location: 'never',
  },
  // A personal device: the service may only remove what it installed.
  iosUserEnrollment: {
    lockscreen: false,
    wipefull: false,
    wipepartial: true,
    resetpasscode: false,
    lostMode: false,
    location: 'never',
  },
  // Lock and erase need the 6-digit macpin; there is no lost mode and no passcode reset on a Mac.
  macos: {
    lockscreen: true,
    wipefull: true,
    wipepartial: true,
    resetpasscode: false,
    lostMode: false,
    location: 'never',
  },
  // Removing management from a fully managed device means a factory reset: no partial wipe.
  androidFullyManaged: {
    lockscreen: true,
    wipefull: true,
    wipepartial: false,
    resetpasscode: true,
    lostMode: true,
    location: 'always',
  },
  // Only the work profile is ours: a full wipe removes it, the personal side stays untouched.
  androidWorkProfile: {
    lockscreen: true,
    wipefull: true,
    wipepartial: false,
    resetpasscode: true,
    lostMode: false,
    location: 'never',
  },
  androidCompanyWorkProfile: {
    lockscreen: true,
    wipefull: true,
    wipepartial: false,
    resetpasscode: true,
    lostMode: true,
    location: 'inLostMode',
  },
}

export function isActionVisible(device: DeviceRecord, action: DeviceActionName): boolean {
  if (!device.managed || device.wiped) return false
  const can = CAPABILITIES[managementMode(device)]
  switch (action) {
    case 'enablelostmode':
      return can.lostMode && !device.lostmodeenabled
    case 'disablelostmode':
      return can.lostMode && device.lostmodeenabled
    case 'requestlocation':
      return can.location === 'always' || (can.location === 'inLostMode' && device.lostmodeenabled)
    default:
      return can[action]
  }
}
