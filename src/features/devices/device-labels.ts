import { ANDROID_FOR_WORK_TYPE, ENROLLMENT_TYPE, type Device } from '@contract/schemas'
import { isTablet, managementMode, platformOf } from '@contract/platform'

/** Keys (devices namespace) for the coded values of a device, through explicit maps. */

export function platformKey(device: Pick<Device, 'type' | 'osname' | 'modelname'>) {
  switch (platformOf(device)) {
    case 'ios':
      return isTablet(device) ? 'platform.ipados' : 'platform.ios'
    case 'android':
      return 'platform.android'
    case 'macos':
      return 'platform.macos'
    default:
      return 'platform.unknown'
  }
}

export function enrollmentKey(type: number | null | undefined) {
  switch (type) {
    case ENROLLMENT_TYPE.zeroTouch:
      return 'enrollment.zeroTouch'
    case ENROLLMENT_TYPE.dep:
      return 'enrollment.dep'
    case ENROLLMENT_TYPE.userEnrollment:
      return 'enrollment.userEnrollment'
    case ENROLLMENT_TYPE.knox:
      return 'enrollment.knox'
    default:
      return null
  }
}

/** Android's management mode; 0 (not Android) and unknown values have no label. */
export function androidModeKey(device: Pick<Device, 'type' | 'androidforworktype'>) {
  if (platformOf(device) !== 'android') return null
  switch (device.androidforworktype) {
    case ANDROID_FOR_WORK_TYPE.workProfile:
      return 'androidMode.workProfile'
    case ANDROID_FOR_WORK_TYPE.fullyManaged:
      return 'androidMode.fullyManaged'
    case ANDROID_FOR_WORK_TYPE.workProfileCompanyOwned:
      return 'androidMode.workProfileCompanyOwned'
    default:
      return null
  }
}

/** The mdmid means something different per platform (spec: Device.mdmid). */
export function mdmIdKey(device: Parameters<typeof managementMode>[0]) {
  const mode = managementMode(device)
  if (mode === 'iosUserEnrollment') return 'facts.enrollmentId'
  if (platformOf(device) === 'android') return 'facts.androidId'
  if (platformOf(device) === 'ios') return 'facts.udid'
  return 'facts.mdmId'
}
