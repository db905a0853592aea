import { randomInt, randomUUID } from 'node:crypto'
import { ANDROID_FOR_WORK_TYPE, DEVICE_TYPE, ENROLLMENT_TYPE } from '../../../contract/schemas.ts'
import type { ProfileVariant } from './profile-variant.ts'
import { FRESHLY_ENROLLED, type DeviceRecord, type FormFactor, type UserRecord } from './records.ts'
import { now, type World } from './world.ts'

/**
 * The device that installs a downloaded enrollment file, as the service sees it once the device
 * has checked in. What it reports follows the management mode: User Enrollment and a work
 * profile on a personal Android device keep the hardware identifiers (serial number, IMEI) to
 * themselves; a Mac has no IMEI.
 */

interface Kind {
  /** What the owner's first name is put in front of: "Anna's iPhone 15". */
  name: string
  type: number
  formFactor: FormFactor
  modelname: string
  osname: string
  storagemb: number
  /** Share of free storage in percent: a company device comes fresh from a reset, a personal one is in use. */
  freePercent: [number, number]
  enrollmenttype: number | null
  androidforworktype: number
  supervised: boolean
  serialnumber: 'apple' | 'android' | null
  imei: boolean
  mdmid: 'iphone' | 'mac' | 'enrollmentId' | 'android'
}

const apple = { androidforworktype: ANDROID_FOR_WORK_TYPE.none, imei: false, supervised: false }
const android = {
  type: DEVICE_TYPE.android,
  formFactor: 'smartphone',
  enrollmenttype: null,
} as const

const KINDS: Record<ProfileVariant, Kind> = {
  ios: {
    ...apple,
    name: 'iPhone 15',
    type: DEVICE_TYPE.ios,
    formFactor: 'smartphone',
    modelname: 'iPhone 15',
    osname: 'iOS 17.5.1',
    storagemb: 131072,
    freePercent: [85, 95],
    enrollmenttype: null,
    supervised: true,
    serialnumber: 'apple',
    imei: true,
    mdmid: 'iphone',
  },
  'ios-byod': {
    ...apple,
    name: 'iPhone 14',
    type: DEVICE_TYPE.ios,
    formFactor: 'smartphone',
    modelname: 'iPhone 14',
    osname: 'iOS 17.5.1',
    storagemb: 262144,
    freePercent: [30, 60],
    enrollmenttype: ENROLLMENT_TYPE.userEnrollment,
    serialnumber: null,
    mdmid: 'enrollmentId',
  },
  macos: {
    ...apple,
    name: 'MacBook Air',
    type: DEVICE_TYPE.macos,
    formFactor: 'desktop',
    modelname: 'MacBook Air (13-inch, M3, 2024)',
    osname: 'macOS 14.5 Sonoma',
    storagemb: 524288,
    freePercent: [80, 92],
    enrollmenttype: ENROLLMENT_TYPE.dep,
    serialnumber: 'apple',
    mdmid: 'mac',
  },
  // Enrolled by its owner, who approved the management in System Settings.
  'macos-byod': {
    ...apple,
    name: 'MacBook Pro',
    type: DEVICE_TYPE.macos,
    formFactor: 'desktop',
    modelname: 'MacBook Pro (16-inch, M1 Pro, 2021)',
    osname: 'macOS 14.5 Sonoma',
    storagemb: 1048576,
    freePercent: [35, 60],
    enrollmenttype: null,
    serialnumber: 'apple',
    mdmid: 'mac',
  },
  'android-fully-managed': {
    ...android,
    name: 'Pixel 8',
    modelname: 'Google Pixel 8',
    osname: 'Android 14',
    storagemb: 131072,
    freePercent: [85, 95],
    androidforworktype: ANDROID_FOR_WORK_TYPE.fullyManaged,
    supervised: false,
    serialnumber: 'android',
    imei: true,
    mdmid: 'android',
  },
  'android-work-profile': {
    ...android,
    name: 'Galaxy S24',
    modelname: 'Samsung Galaxy S24',
    osname: 'Android 14 (One UI 6.1)',
    storagemb: 262144,
    freePercent: [30, 60],
    androidforworktype: ANDROID_FOR_WORK_TYPE.workProfile,
    supervised: false,
    serialnumber: null,
    imei: false,
    mdmid: 'android',
  },
}

const DIGITS = '0123456789'
const HEX = '0123456789ABCDEF'
// Apple's randomised serial numbers leave out letters that read like digits, and vowels.
const APPLE_SERIAL = '0123456789CDFGHJKLMNPQRTVWXY'
const ANDROID_SERIAL = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'

function randomText(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')
}

/** 15 digits: type allocation code, serial and the Luhn check digit, as on a real IMEI. */
function randomImei(): string {
  const body = `35${randomText(DIGITS, 12)}`
  let sum = 0
  for (let index = 0; index < body.length; index++) {
    const digit = Number(body[index])
    const doubled = index % 2 === 1 ? digit * 2 : digit
    sum += doubled > 9 ? doubled - 9 : doubled
  }
  return `${body}${(10 - (sum % 10)) % 10}`
}

function mdmidFor(kind: Kind): string {
  switch (kind.mdmid) {
    case 'iphone':
      return `00008120-${randomText(HEX, 16)}`
    case 'mac':
      return `00008122-${randomText(HEX, 16)}`
    case 'enrollmentId':
      return `ue-${randomText(HEX, 16).toLowerCase()}`
    case 'android':
      return randomText(HEX, 16).toLowerCase()
  }
}

function serialFor(kind: Kind): string | null {
  if (kind.serialnumber === 'apple') return randomText(APPLE_SERIAL, 10)
  if (kind.serialnumber === 'android')
    return `${randomText(DIGITS, 5)}${randomText(ANDROID_SERIAL, 9)}`
  return null
}

/** "Anna's iPhone 15", "Bens Galaxy S24", "Max' Pixel 8": the genitive of the owner's language. */
function ownedName(user: UserRecord, name: string): string {
  const first = user.firstname.trim()
  if (!first) return name
  if (user.emailculture === 'de-DE')
    return /[sßxz]$/i.test(first) ? `${first}' ${name}` : `${first}s ${name}`
  return `${first}'s ${name}`
}

/** A second device of the same name gets a number, as the Finder and the Bonjour name do it. */
function uniqueName(world: World, user: UserRecord, name: string): string {
  const taken = new Set(
    [...world.devices.values()]
      .filter((device) => device.usersid === user.sid)
      .map((device) => device.displayname),
  )
  let candidate = name
  for (let number = 2; taken.has(candidate); number++) candidate = `${name} (${number})`
  return candidate
}

export function enrolledDevice(
  world: World,
  user: UserRecord,
  variant: ProfileVariant,
): DeviceRecord {
  const kind = KINDS[variant]
  const [minFree, maxFree] = kind.freePercent
  return {
    ...FRESHLY_ENROLLED,
    clientid: randomUUID(),
    tenantId: user.tenantId,
    usersid: user.sid,
    displayname: uniqueName(world, user, ownedName(user, kind.name)),
    type: kind.type,
    formFactor: kind.formFactor,
    osname: kind.osname,
    modelname: kind.modelname,
    serialnumber: serialFor(kind),
    imei: kind.imei ? randomImei() : null,
    mdmid: mdmidFor(kind),
    enrollmenttype: kind.enrollmenttype,
    androidforworktype: kind.androidforworktype,
    supervised: kind.supervised,
    batterylevel: randomInt(40, 101),
    freestoragemb: Math.round((kind.storagemb * randomInt(minFree, maxFree + 1)) / 100),
    storagemb: kind.storagemb,
    lastcontact: now(world),
    // A screen lock is what Android enrollment asks for first; the field is Android only.
    passwordenabled: kind.type === DEVICE_TYPE.android,
    apps: new Map(),
  }
}
