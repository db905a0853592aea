import {
  ANDROID_FOR_WORK_TYPE,
  APP_STATUS,
  DEVICE_TYPE,
  ENROLLMENT_TYPE,
} from '../../../contract/schemas.ts'
import { ANNA_SID, BEN_SID, DEVICE_IDS, LENA_SID } from './demo-ids.ts'
import { FRESHLY_ENROLLED, type DeviceRecord } from '../model/records.ts'

/**
 * The devices of the demo data. Times are given relative to the creation of
 * the world, so a fresh world always shows the same picture (the MacBook is always 3 days quiet).
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

type DemoDevice = Omit<DeviceRecord, 'lastcontact' | 'location' | 'apps'> & {
  lastContactAgoMs: number
  location: { latitude: number; longitude: number; agoMs: number } | null
  /** [app id, status, statusdetails, update available] */
  apps: [string, number, string | null, boolean][]
}

const defaults = { ...FRESHLY_ENROLLED, enrollmenttype: null, supervised: false }

const device = (fields: Partial<DemoDevice> & Omit<DemoDevice, keyof typeof defaults>) => ({
  ...defaults,
  ...fields,
})

export const DEMO_DEVICES: DemoDevice[] = [
  device({
    clientid: DEVICE_IDS.annaIphone,
    tenantId: 'demo',
    usersid: ANNA_SID,
    displayname: "Anna's iPhone",
    type: DEVICE_TYPE.ios,
    formFactor: 'smartphone',
    osname: 'iOS 17.5.1',
    modelname: 'iPhone 15 Pro',
    serialnumber: 'F2LXK4Q9N7PQ',
    imei: '356789104512346',
    mdmid: '00008130-001A2C3E0E8B401E',
    exchangeid: 'ApplF2LXK4Q9N7PQ',
    androidforworktype: ANDROID_FOR_WORK_TYPE.none,
    supervised: true,
    batterylevel: 78,
    freestoragemb: 53453,
    storagemb: 131072,
    lastContactAgoMs: 12 * MINUTE,
    passwordenabled: false,
    apps: [
      ['EA12', APP_STATUS.installed, null, true],
      // Sent before the world began; settles when the device reports its apps.
      ['AU8', APP_STATUS.pending, 'WaitingForDeviceReply', false],
    ],
  }),
  device({
    clientid: DEVICE_IDS.annaPixel,
    tenantId: 'demo',
    usersid: ANNA_SID,
    displayname: "Anna's Pixel",
    type: DEVICE_TYPE.android,
    formFactor: 'smartphone',
    osname: 'Android 14',
    modelname: 'Google Pixel 8',
    serialnumber: '39281FDJH004KM',
    imei: '358240051111110',
    mdmid: '8f3c2a1b7d6e5f40',
    enrollmenttype: ENROLLMENT_TYPE.zeroTouch,
    androidforworktype: ANDROID_FOR_WORK_TYPE.fullyManaged,
    batterylevel: 54,
    freestoragemb: 90112,
    storagemb: 131072,
    lastContactAgoMs: 3 * MINUTE,
    location: { latitude: 48.13743, longitude: 11.57549, agoMs: 25 * MINUTE },
    passwordenabled: true,
    apps: [
      ['AU15', APP_STATUS.installed, null, false],
      ['EA20', 2, null, false],
      ['AU16', APP_STATUS.installed, null, false],
    ],
  }),
  device({
    clientid: DEVICE_IDS.annaMac,
    tenantId: 'demo',
    usersid: ANNA_SID,
    displayname: "Anna's MacBook Pro",
    type: DEVICE_TYPE.macos,
    formFactor: 'desktop',
    osname: 'macOS 14.5 Sonoma',
    modelname: 'MacBook Pro (14-inch, M3, 2023)',
    serialnumber: 'C02ZK1ABMD6T',
    imei: null,
    mdmid: '5E3A1C7B-9D2F-4E8A-B6C4-0F1D2E3A4B5C',
    enrollmenttype: ENROLLMENT_TYPE.dep,
    androidforworktype: ANDROID_FOR_WORK_TYPE.none,
    batterylevel: 91,
    freestoragemb: 210944,
    storagemb: 524288,
    // More than 48 hours without contact: the portal warns about it.
    lastContactAgoMs: 3 * DAY + 2 * HOUR,
    passwordenabled: false,
    apps: [['EA21', APP_STATUS.installed, null, false]],
  }),
  device({
    clientid: DEVICE_IDS.benGalaxy,
    tenantId: 'demo',
    usersid: BEN_SID,
    displayname: 'Bens Galaxy S23',
    type: DEVICE_TYPE.android,
    formFactor: 'smartphone',
    osname: 'Android 14 (One UI 6.1)',
    modelname: 'Samsung Galaxy S23',
    serialnumber: 'R5CW31ABCDE',
    imei: '353322117788993',
    mdmid: '2c9d4e7f1a3b5c60',
    androidforworktype: ANDROID_FOR_WORK_TYPE.workProfile,
    batterylevel: 66,
    freestoragemb: 171008,
    storagemb: 262144,
    lastContactAgoMs: 40 * MINUTE,
    passwordenabled: true,
    apps: [['EA20', APP_STATUS.installed, null, false]],
  }),
  device({
    clientid: DEVICE_IDS.labTablet,
    tenantId: 'lab',
    usersid: LENA_SID,
    displayname: 'Lab Tablet',
    type: DEVICE_TYPE.android,
    formFactor: 'tablet',
    osname: 'Android 13',
    modelname: 'Samsung Galaxy Tab S8',
    serialnumber: 'R52T20XYZ12',
    imei: null,
    mdmid: '7a1b2c3d4e5f6071',
    enrollmenttype: ENROLLMENT_TYPE.knox,
    androidforworktype: ANDROID_FOR_WORK_TYPE.fullyManaged,
    batterylevel: 100,
    freestoragemb: 98304,
    storagemb: 131072,
    lastContactAgoMs: 2 * HOUR,
    location: { latitude: 52.52001, longitude: 13.40495, agoMs: 2 * HOUR },
    passwordenabled: true,
    apps: [['AU40', APP_STATUS.installed, null, false]],
  }),
  // A personal iPhone in User Enrollment: the service may only remove its managed data.
  device({
    clientid: DEVICE_IDS.lenaIphone,
    tenantId: 'lab',
    usersid: LENA_SID,
    displayname: 'Lenas iPhone',
    type: DEVICE_TYPE.ios,
    formFactor: 'smartphone',
    osname: 'iOS 17.5',
    modelname: 'iPhone 13 mini',
    serialnumber: 'G6TZQ1XYN73M',
    imei: '352911084420266',
    mdmid: 'ue-4f1c2a7b9d3e5f60',
    enrollmenttype: ENROLLMENT_TYPE.userEnrollment,
    androidforworktype: ANDROID_FOR_WORK_TYPE.none,
    batterylevel: 43,
    freestoragemb: 20480,
    storagemb: 131072,
    lastContactAgoMs: 5 * HOUR,
    passwordenabled: false,
    apps: [],
  }),
  device({
    clientid: DEVICE_IDS.oldIpad,
    tenantId: 'lab',
    usersid: LENA_SID,
    displayname: 'Old iPad',
    type: DEVICE_TYPE.ios,
    formFactor: 'tablet',
    osname: 'iPadOS 16.7',
    modelname: 'iPad (9th generation)',
    serialnumber: 'DMPXK2ABQ1GC',
    imei: null,
    mdmid: '00008030-000A1B2C3D4E802E',
    androidforworktype: ANDROID_FOR_WORK_TYPE.none,
    supervised: true,
    batterylevel: 12,
    freestoragemb: 60000,
    storagemb: 65536,
    lastContactAgoMs: 30 * DAY,
    managed: false,
    mdmprofileremoved: true,
    wiped: true,
    passwordenabled: false,
    apps: [],
  }),
]
