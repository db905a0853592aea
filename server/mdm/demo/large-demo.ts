import { ANDROID_FOR_WORK_TYPE, APP_STATUS, DEVICE_TYPE } from '../../../contract/schemas.ts'
import { isCompatible } from '../model/app-compatibility.ts'
import { ANNA_SID } from './demo-ids.ts'
import { DEFAULT_LARGE_DEMO, type LargeDemoSize } from './large-demo-size.ts'
import type { AppRecord, DeviceRecord, FormFactor } from '../model/records.ts'
import type { World } from '../model/world.ts'

/**
 * `largeDemo`: Anna gets devices and apps up to a size (500 and 300 unless told), for benchmarks
 * and long-list journeys. Generated from the index alone (no randomness), so every world and
 * every run looks the same.
 */

const HOUR = 3_600_000

interface Model {
  type: number
  formFactor: FormFactor
  modelname: string
  osname: string
  androidforworktype: number
}

const MODELS: [Model, ...Model[]] = [
  {
    type: DEVICE_TYPE.ios,
    formFactor: 'smartphone',
    modelname: 'iPhone 14',
    osname: 'iOS 17.4',
    androidforworktype: ANDROID_FOR_WORK_TYPE.none,
  },
  {
    type: DEVICE_TYPE.android,
    formFactor: 'smartphone',
    modelname: 'Google Pixel 7a',
    osname: 'Android 14',
    androidforworktype: ANDROID_FOR_WORK_TYPE.fullyManaged,
  },
  {
    type: DEVICE_TYPE.ios,
    formFactor: 'tablet',
    modelname: 'iPad Air (5th generation)',
    osname: 'iPadOS 17.4',
    androidforworktype: ANDROID_FOR_WORK_TYPE.none,
  },
  {
    type: DEVICE_TYPE.android,
    formFactor: 'smartphone',
    modelname: 'Samsung Galaxy A54',
    osname: 'Android 14',
    androidforworktype: ANDROID_FOR_WORK_TYPE.workProfile,
  },
  {
    type: DEVICE_TYPE.macos,
    formFactor: 'desktop',
    modelname: 'MacBook Air (M2, 2022)',
    osname: 'macOS 14.4 Sonoma',
    androidforworktype: ANDROID_FOR_WORK_TYPE.none,
  },
]

const pad = (value: number, length: number) => String(value).padStart(length, '0')

function pick<T>(items: readonly [T, ...T[]], index: number): T {
  return items[index % items.length] ?? items[0]
}

function generatedDevice(index: number, createdAt: number, digits: number): DeviceRecord {
  const model = pick(MODELS, index)
  const hex = index.toString(16).padStart(12, '0')
  const storagemb = pick([65536, 131072, 262144], index)
  return {
    clientid: `00000000-0000-4000-8000-${hex}`,
    tenantId: 'demo',
    usersid: ANNA_SID,
    displayname: `${model.modelname} ${pad(index, digits)}`,
    type: model.type,
    formFactor: model.formFactor,
    osname: model.osname,
    modelname: model.modelname,
    serialnumber: `LD${pad(index, 8)}`,
    imei: model.formFactor === 'smartphone' ? `35${pad(index * 7919, 13)}` : null,
    mdmid: `generated-${hex}`,
    exchangeid: null,
    enrollmenttype: null,
    androidforworktype: model.androidforworktype,
    supervised: model.type === DEVICE_TYPE.ios,
    batterylevel: (index * 37) % 101,
    freestoragemb: Math.round((storagemb * (((index * 13) % 90) + 5)) / 100),
    storagemb,
    // Spread over the last 30 days, some of them long silent.
    lastcontact: createdAt - ((index * 7) % (30 * 24)) * HOUR,
    location:
      index % 4 === 1
        ? {
            latitude: 47 + (index % 50) / 10,
            longitude: 6 + (index % 80) / 10,
            timestamp: createdAt - (index % 48) * HOUR,
          }
        : null,
    lostmodeenabled: false,
    recoverytoken: null,
    managed: index % 23 !== 0,
    mdmprofileremoved: index % 23 === 0,
    wiped: index % 31 === 0,
    passcodecompliant: index % 11 !== 0,
    passwordenabled: model.type === DEVICE_TYPE.android,
    roaming: index % 17 === 0,
    apps: new Map(),
  }
}

function generatedApp(index: number, digits: number): AppRecord {
  const apptype = pick(['AU', 'EA', 'MU'] as const, index)
  // Golden-angle hues keep neighbouring icons apart.
  const hue = (index * 137.508) % 360
  return {
    id: `${apptype}${1000 + index}`,
    tenantId: 'demo',
    displayname: `Business App ${pad(index, digits)}`,
    apptype,
    platform: index % 2 === 0 ? 'Apple' : 'Android',
    devicetype: 'SmartphoneAndTablet',
    managed: apptype !== 'MU',
    mandatory: index % 5 === 0,
    iconColor: index % 10 === 9 ? null : hslToRgb(hue, 0.6, 0.42),
  }
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const a = saturation * Math.min(lightness, 1 - lightness)
  const f = (n: number) => {
    const k = (n + hue / 30) % 12
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return [f(0), f(8), f(4)]
}

/** Numbers in names as wide as the largest one (at least 3), so names sort as numbers do. */
const digitsFor = (count: number) => Math.max(3, String(Math.max(count - 1, 0)).length)

export function addLargeDemo(
  world: World,
  createdAt: number,
  size: LargeDemoSize = DEFAULT_LARGE_DEMO,
): void {
  const anna = world.users.get(ANNA_SID)
  if (!anna) return
  const apps: AppRecord[] = []
  const appDigits = digitsFor(size.apps)
  for (let index = anna.appIds.size; index < size.apps; index++) {
    apps.push(generatedApp(index, appDigits))
  }
  for (const app of apps) {
    world.apps.set(app.id, app)
    anna.appIds.add(app.id)
  }
  const owned = [...world.devices.values()].filter((device) => device.usersid === ANNA_SID).length
  const deviceDigits = digitsFor(size.devices)
  for (let index = owned; index < size.devices; index++) {
    const device = generatedDevice(index, createdAt, deviceDigits)
    // A few installed apps per device (every ninth), so app lists with a clientid show mixed
    // states; stepping by nine keeps 5,000 devices × 2,000 apps quick to build.
    for (let appIndex = (9 - (index % 9)) % 9; appIndex < apps.length; appIndex += 9) {
      const app = apps[appIndex]
      if (app && isCompatible(app, device)) {
        device.apps.set(app.id, {
          status: APP_STATUS.installed,
          statusdetails: null,
          updateAvailable: false,
        })
      }
    }
    world.devices.set(device.clientid, device)
  }
}
