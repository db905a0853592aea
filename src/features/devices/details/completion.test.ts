import { describe, expect, it } from 'vitest'
import { deviceSchema, type DeviceWire } from '@contract/schemas'
import { completions } from './completion'

type Device = ReturnType<typeof device>
const done = (before: Device, after: Device) => completions(before, after).map((entry) => entry.key)

function device(pending: string[], fields: Partial<DeviceWire> = {}) {
  const actions = Object.fromEntries(pending.map((name) => [name, { status: 1, visible: true }]))
  return deviceSchema.parse({ clientid: 'x', type: 2, ...fields, actions })
}

describe('completions', () => {
  it('reports each command that went from pending to done', () => {
    expect(done(device(['lockscreen', 'resetpasscode']), device(['resetpasscode']))).toEqual([
      'done.lock',
    ])
    expect(done(device(['resetpasscode']), device([]))).toEqual(['done.passcodeReset'])
  })

  it('says nothing while still pending or when nothing was pending', () => {
    expect(done(device(['lockscreen']), device(['lockscreen']))).toEqual([])
    expect(done(device([]), device([]))).toEqual([])
  })

  it('tells whether lost mode really came on', () => {
    expect(done(device(['enablelostmode']), device([], { lostmodeenabled: true }))).toEqual([
      'done.lostModeOn',
    ])
    expect(done(device(['enablelostmode']), device([]))).toEqual(['done.lostModeOnRefused'])
  })

  it('tells whether a location arrived', () => {
    const location = { latitude: 48.1, longitude: 11.5, timestamp: '/Date(1700000000000)/' }
    expect(done(device(['requestlocation']), device([], { location }))).toEqual(['done.locate'])
    expect(done(device(['requestlocation']), device([]))).toEqual(['done.locateEmpty'])
  })

  it('reports only the wipe when a wipe ended other commands too', () => {
    expect(done(device(['wipefull', 'lockscreen']), device([], { wiped: true }))).toEqual([
      'done.wipe',
    ])
    const profile = { type: 4, androidforworktype: 2 }
    expect(done(device(['wipefull'], profile), device([], profile))).toEqual([
      'done.wipeWorkProfile',
    ])
    expect(done(device(['wipepartial']), device([]))).toEqual(['done.wipePartial'])
  })
})
