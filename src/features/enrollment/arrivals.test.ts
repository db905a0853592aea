import { describe, expect, it } from 'vitest'
import {
  ANDROID_FOR_WORK_TYPE,
  DEVICE_TYPE,
  deviceSchema,
  ENROLLMENT_TYPE,
  type DeviceWire,
} from '@contract/schemas'
import { arrivalsOf, ownerOf } from './arrivals'

const device = (clientid: string, wire: Partial<DeviceWire>) =>
  deviceSchema.parse({ clientid, ...wire })

const oldPhone = device('old', { type: DEVICE_TYPE.ios, supervised: true })
const iphone = device('iphone', { type: DEVICE_TYPE.ios, supervised: true })
const personalIphone = device('personal-iphone', {
  type: DEVICE_TYPE.ios,
  enrollmenttype: ENROLLMENT_TYPE.userEnrollment,
})
const mac = device('mac', { type: DEVICE_TYPE.macos, enrollmenttype: null })
const pixel = device('pixel', {
  type: DEVICE_TYPE.android,
  androidforworktype: ANDROID_FOR_WORK_TYPE.fullyManaged,
})
const galaxy = device('galaxy', {
  type: DEVICE_TYPE.android,
  androidforworktype: ANDROID_FOR_WORK_TYPE.workProfile,
})
const all = [oldPhone, iphone, personalIphone, mac, pixel, galaxy]
const ids = (devices: { clientid: string }[]) => devices.map((each) => each.clientid)

describe('the devices that arrived with a profile', () => {
  it('are none while no profile was fetched for the choice', () => {
    expect(arrivalsOf(all, null)).toEqual([])
  })

  it('are the new devices of the kind whose profile was fetched, none of another', () => {
    const fetched = { owner: 'company', known: ['old'] } as const
    expect(ids(arrivalsOf(all, { ...fetched, platform: 'ios' }))).toEqual(['iphone'])
    expect(ids(arrivalsOf(all, { ...fetched, platform: 'macos' }))).toEqual(['mac'])
    expect(ids(arrivalsOf(all, { ...fetched, platform: 'android' }))).toEqual(['pixel'])
    expect(ids(arrivalsOf(all, { ...fetched, platform: 'android', known: ['pixel'] }))).toEqual([])
  })

  it('leave out a device of the other owner where the device tells, and only then', () => {
    const fetched = { owner: 'personal', known: ['old'] } as const
    expect(ids(arrivalsOf(all, { ...fetched, platform: 'ios' }))).toEqual(['personal-iphone'])
    expect(ids(arrivalsOf(all, { ...fetched, platform: 'macos' }))).toEqual(['mac'])
    expect(ids(arrivalsOf(all, { ...fetched, platform: 'android' }))).toEqual(['galaxy'])
  })
})

describe('ownerOf', () => {
  it('reads the owner from the management, where it tells', () => {
    expect(all.map(ownerOf)).toEqual([
      'company',
      'company',
      'personal',
      null,
      'company',
      'personal',
    ])
    const dep = device('dep', { type: DEVICE_TYPE.macos, enrollmenttype: ENROLLMENT_TYPE.dep })
    expect(ownerOf(dep)).toBe('company')
  })
})
