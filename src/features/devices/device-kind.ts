import {
  ANDROID_FOR_WORK_TYPE,
  DEVICE_TYPE,
  ENROLLMENT_TYPE,
  type Device,
} from '../../../contract/schemas'

/** The platform of a device, from its `type` (2 iOS/iPadOS, 4 Android, 7 macOS). */
export type Platform = 'ios' | 'android' | 'macos' | 'unknown'

/**
 * How a device is managed. What it can do follows from this (and from lost mode), so the reasons
 * why an action is unavailable and the wording of the wipe dialog are derived from it.
 */
export type ManagementMode =
  | 'iosSupervised'
  | 'iosDevice'
  | 'iosUserEnrollment'
  | 'macos'
  | 'androidFullyManaged'
  | 'androidWorkProfile'
  | 'androidCompanyWorkProfile'
  | 'unknown'

type DeviceLike = Pick<
  Device,
  'type' | 'enrollmenttype' | 'androidforworktype' | 'supervised' | 'osname'
>

export function platformOf(device: Pick<Device, 'type'>): Platform {
  switch (device.type) {
    case DEVICE_TYPE.ios:
      return 'ios'
    case DEVICE_TYPE.android:
      return 'android'
    case DEVICE_TYPE.macos:
      return 'macos'
    default:
      return 'unknown'
  }
}

export function managementMode(device: DeviceLike): ManagementMode {
  switch (platformOf(device)) {
    case 'macos':
      return 'macos'
    case 'android':
      if (device.androidforworktype === ANDROID_FOR_WORK_TYPE.workProfile) {
        return 'androidWorkProfile'
      }
      if (device.androidforworktype === ANDROID_FOR_WORK_TYPE.workProfileCompanyOwned) {
        return 'androidCompanyWorkProfile'
      }
      return 'androidFullyManaged'
    case 'ios':
      if (device.enrollmenttype === ENROLLMENT_TYPE.userEnrollment) return 'iosUserEnrollment'
      return device.supervised ? 'iosSupervised' : 'iosDevice'
    default:
      return 'unknown'
  }
}

/** A work profile: a full wipe removes only the profile, the personal side stays. */
export function hasWorkProfile(device: DeviceLike): boolean {
  const mode = managementMode(device)
  return mode === 'androidWorkProfile' || mode === 'androidCompanyWorkProfile'
}

/** iPad or iPhone, for sentences that name the kind of device. */
export function isTablet(device: Pick<Device, 'osname' | 'modelname'>): boolean {
  return /ipad/i.test(`${device.osname ?? ''} ${device.modelname ?? ''}`)
}

/** The name a person knows the device by; the ids only when nothing better is there. */
export function deviceName(
  device: Pick<Device, 'displayname' | 'modelname' | 'serialnumber' | 'clientid'>,
): string {
  return (
    device.displayname?.trim() ||
    device.modelname?.trim() ||
    device.serialnumber?.trim() ||
    device.clientid
  )
}
