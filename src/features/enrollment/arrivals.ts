import { ANDROID_FOR_WORK_TYPE, ENROLLMENT_TYPE, type Device } from '@contract/schemas'
import { platformOf } from '@contract/platform'
import type { Owner, Platform } from './platform'

/** The choice whose profile this wizard fetched, and the ids of the devices there were then. */
interface FetchedChoice {
  platform: Platform
  owner: Owner
  known: readonly string[]
}

/**
 * Who owns a device, where what it reports tells: User Enrollment and a work profile are the
 * owner's device; supervision, Apple's Automated Device Enrollment and a fully managed or
 * company-owned Android device the company's. Null where nothing tells.
 */
export function ownerOf(device: Device): Owner | null {
  const { enrollmenttype, androidforworktype } = device
  if (
    enrollmenttype === ENROLLMENT_TYPE.userEnrollment ||
    androidforworktype === ANDROID_FOR_WORK_TYPE.workProfile
  ) {
    return 'personal'
  }
  if (
    device.supervised ||
    enrollmenttype === ENROLLMENT_TYPE.dep ||
    androidforworktype === ANDROID_FOR_WORK_TYPE.fullyManaged ||
    androidforworktype === ANDROID_FOR_WORK_TYPE.workProfileCompanyOwned
  ) {
    return 'company'
  }
  return null
}

/**
 * The devices that came with the fetched profile: new since it was fetched, of its kind, and not
 * known to be of the other owner. Nothing without a fetch: a device another profile brought
 * belongs to that one's steps.
 */
export function arrivalsOf(devices: readonly Device[], fetched: FetchedChoice | null): Device[] {
  if (!fetched) return []
  const known = new Set(fetched.known)
  return devices.filter(
    (device) =>
      !known.has(device.clientid) &&
      platformOf(device) === fetched.platform &&
      (ownerOf(device) ?? fetched.owner) === fetched.owner,
  )
}
