import {
  ANDROID_FOR_WORK_TYPE,
  DEVICE_TYPE,
  ENROLLMENT_TYPE,
  type DeviceActionName,
} from '../../../contract/schemas.ts'
import type { DeviceRecord } from './records.ts'

/**
 * What a device can really do depends on its platform and management mode; the device's
 * `actions.<name>.visible` follows from this table and its state (lost mode on or off).
 */
type Mode =
  | 'iosSupervised'
  | 'iosDevice'
  | 'iosUserEnrollment'
  | 'macos'
  | 'androidFullyManaged'
  | 'androidWorkProfile'
  | 'androidCompanyWorkProfile'

interface Capabilities {
  lockscreen: boolean
  wipefull: boolean
  wipepartial: boolean
  resetpasscode: boolean
  lostMode: boolean
  /** When a location can be requested; on iOS only in lost mode (api-facts, a guess). */
  location: 'always' | 'inLostMode' | 'never'
}

const CAPABILITIES: Record<Mode, Capabilities> = {
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

function modeOf(device: DeviceRecord): Mode {
  if (device.type === DEVICE_TYPE.macos) return 'macos'
  if (device.type === DEVICE_TYPE.android) {
    if (device.androidforworktype === ANDROID_FOR_WORK_TYPE.workProfile) return 'androidWorkProfile'
    if (device.androidforworktype === ANDROID_FOR_WORK_TYPE.workProfileCompanyOwned) {
      return 'androidCompanyWorkProfile'
    }
    return 'androidFullyManaged'
  }
  if (device.enrollmenttype === ENROLLMENT_TYPE.userEnrollment) return 'iosUserEnrollment'
  return device.supervised ? 'iosSupervised' : 'iosDevice'
}

/** A full wipe of an Android work profile removes only the profile (Device rule 2). */
export function wipeRemovesWorkProfileOnly(device: DeviceRecord): boolean {
  const mode = modeOf(device)
  return mode === 'androidWorkProfile' || mode === 'androidCompanyWorkProfile'
}

export function isActionVisible(device: DeviceRecord, action: DeviceActionName): boolean {
  if (!device.managed || device.wiped) return false
  const can = CAPABILITIES[modeOf(device)]
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
