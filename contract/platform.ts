import { ANDROID_FOR_WORK_TYPE, DEVICE_TYPE, ENROLLMENT_TYPE, type Device } from './schemas'

/**
 * The one platform vocabulary: a device's `type` (2 iOS/iPadOS, 4 Android, 7 macOS), the kind of
 * device the enrollment wizard sets up, and (grouped by store) the platform of an app.
 */
export const PLATFORMS = ['ios', 'android', 'macos'] as const
export type Platform = (typeof PLATFORMS)[number]

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value)
}

const PLATFORM_OF_TYPE: Readonly<Record<number, Platform>> = {
  [DEVICE_TYPE.ios]: 'ios',
  [DEVICE_TYPE.android]: 'android',
  [DEVICE_TYPE.macos]: 'macos',
}

/** The platform of a device; null for a type the portal does not know. */
export function platformOf(device: Pick<Device, 'type'>): Platform | null {
  return device.type == null ? null : (PLATFORM_OF_TYPE[device.type] ?? null)
}

/** An app's `platform` on the wire: Apple apps run on iPhones, iPads and Macs. */
export const APP_PLATFORMS = ['Apple', 'Android'] as const
export type AppPlatform = (typeof APP_PLATFORMS)[number]

export function isAppPlatform(value: unknown): value is AppPlatform {
  return typeof value === 'string' && (APP_PLATFORMS as readonly string[]).includes(value)
}

export function appPlatformOf(platform: Platform | null): AppPlatform | null {
  if (!platform) return null
  return platform === 'android' ? 'Android' : 'Apple'
}

/**
 * How a device is managed. What it can do follows from this (and from lost mode): the reasons
 * why an action is unavailable, the wording of the wipe dialog and, in the reference service,
 * which actions a device offers.
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

type ManagedDevice = Pick<Device, 'type' | 'enrollmenttype' | 'androidforworktype' | 'supervised'>

export function managementMode(device: ManagedDevice): ManagementMode {
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
export function hasWorkProfile(device: ManagedDevice): boolean {
  const mode = managementMode(device)
  return mode === 'androidWorkProfile' || mode === 'androidCompanyWorkProfile'
}

/** iPad or iPhone, for sentences that name the kind of device. */
export function isTablet(device: Pick<Device, 'osname' | 'modelname'>): boolean {
  return /ipad/i.test(`${device.osname ?? ''} ${device.modelname ?? ''}`)
}
