import { describe, expect, it } from 'vitest'
import { deviceSchema, type DeviceWire } from '@contract/schemas'
import { actionState, actionStates, wipeChoices } from './availability'

type Visible = Partial<Record<string, boolean | 'pending'>>

function device(fields: Partial<DeviceWire>, visible: Visible = {}) {
  const actions = Object.fromEntries(
    Object.entries(visible).map(([name, state]) => [
      name,
      { status: state === 'pending' ? 1 : 0, visible: state !== false },
    ]),
  )
  return deviceSchema.parse({ clientid: 'x', managed: true, ...fields, actions })
}

const iphone = { type: 2, supervised: true, osname: 'iOS 17.5' }
const mac = { type: 7, enrollmenttype: 1 }
const pixel = { type: 4, androidforworktype: 3 }
const workProfile = { type: 4, androidforworktype: 2 }

describe('actionState', () => {
  it('offers what the device shows as visible', () => {
    const state = actionState(device(iphone, { lockscreen: true }), 'lock')
    expect(state).toEqual({ kind: 'lock', available: true, pending: false, reason: null })
  })

  it('keeps a pending action on screen even when the device hides it meanwhile', () => {
    const state = actionState(device(iphone, { lockscreen: 'pending' }), 'lock')
    expect(state.available).toBe(true)
    expect(state.pending).toBe(true)
  })

  it('offers nothing but the wipe while a wipe waits for the device, and says why', () => {
    const wiping = device(iphone, { lockscreen: true, enablelostmode: true, wipefull: 'pending' })
    expect(actionState(wiping, 'lock')).toEqual({
      kind: 'lock',
      available: false,
      pending: false,
      reason: 'reasons.wipePending',
    })
    expect(actionState(wiping, 'lostMode').reason).toBe('reasons.wipePending')
    expect(actionState(wiping, 'wipe')).toMatchObject({ available: true, pending: true })
    const partial = device(workProfile, { lockscreen: true, wipepartial: 'pending' })
    expect(actionState(partial, 'lock').available).toBe(false)
  })

  it('explains a wiped or unmanaged device before anything else', () => {
    expect(actionState(device({ ...iphone, wiped: true }), 'lock').reason).toBe('reasons.wiped')
    expect(actionState(device({ ...pixel, managed: false }), 'appListRefresh').reason).toBe(
      'reasons.unmanaged',
    )
    expect(actionState(device({ ...pixel, mdmprofileremoved: true }), 'wipe').reason).toBe(
      'reasons.unmanaged',
    )
  })

  it('says that an iPhone can be located only in lost mode', () => {
    expect(actionState(device(iphone), 'locate').reason).toBe('reasons.locateNeedsLostMode')
    const lost = device({ ...iphone, lostmodeenabled: true }, { requestlocation: true })
    expect(actionState(lost, 'locate').available).toBe(true)
  })

  it('says where lost mode exists', () => {
    for (const kind of [mac, workProfile, { type: 2, supervised: false }]) {
      expect(actionState(device(kind), 'lostMode').reason).toBe('reasons.lostModeUnsupported')
    }
  })

  it('treats lost mode on and off as one action', () => {
    const off = device(pixel, { enablelostmode: true, disablelostmode: false })
    expect(actionState(off, 'lostMode').available).toBe(true)
    const on = device({ ...pixel, lostmodeenabled: true }, { disablelostmode: true })
    expect(actionState(on, 'lostMode').available).toBe(true)
    const switching = device(pixel, { enablelostmode: 'pending' })
    expect(actionState(switching, 'lostMode').pending).toBe(true)
  })

  it('names the platform where a passcode reset is impossible', () => {
    expect(actionState(device(mac), 'passcodeReset').reason).toBe('reasons.passcodeMac')
    const personal = device({ type: 2, enrollmenttype: 2 })
    expect(actionState(personal, 'passcodeReset').reason).toBe('reasons.passcodeUserEnrollment')
    expect(actionState(personal, 'lock').reason).toBe('reasons.lockUserEnrollment')
  })

  it('offers the app list refresh on every managed device', () => {
    expect(actionState(device(mac), 'appListRefresh').available).toBe(true)
  })

  it('lists every kind once, in order', () => {
    expect(actionStates(device(iphone)).map((state) => state.kind)).toEqual([
      'lostMode',
      'locate',
      'lock',
      'passcodeReset',
      'appListRefresh',
      'wipe',
    ])
  })
})

describe('wipeChoices', () => {
  it('offers work data first, then everything, with the statement for the platform', () => {
    const choices = wipeChoices(device(mac, { wipefull: true, wipepartial: true }))
    expect(choices.map((choice) => [choice.mode, choice.statement])).toEqual([
      ['partial', 'wipe.statement.workData'],
      ['full', 'wipe.statement.mac'],
    ])
  })

  it('calls the full wipe of a work profile what it is', () => {
    const [choice] = wipeChoices(device(workProfile, { wipefull: true }))
    expect(choice).toEqual({
      mode: 'full',
      label: 'wipe.choice.workProfile',
      statement: 'wipe.statement.workProfile',
    })
  })

  it('offers only the visible wipes', () => {
    expect(wipeChoices(device(pixel, { wipefull: true })).map((c) => c.statement)).toEqual([
      'wipe.statement.android',
    ])
    expect(wipeChoices(device(iphone, { wipefull: true }))[0]?.statement).toBe('wipe.statement.ios')
    expect(wipeChoices(device(pixel))).toEqual([])
  })
})
