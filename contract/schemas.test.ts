import { describe, expect, it } from 'vitest'
import { z } from './zod'
import { deviceActionsSchema, deviceSchema } from './schemas'

const hidden = { status: 0, visible: false }
const allHidden = {
  lockscreen: hidden,
  wipefull: hidden,
  wipepartial: hidden,
  enablelostmode: hidden,
  disablelostmode: hidden,
  requestlocation: hidden,
  resetpasscode: hidden,
}

/** What the nested schema alone makes of `actions`: the device schema must read them alike. */
function bySchema(actions: unknown) {
  return actions === null || actions === undefined
    ? allHidden
    : z.safeParse(deviceActionsSchema, actions)
}

describe("a device's actions", () => {
  it('are all hidden when the service sends none, null or an empty object', () => {
    expect(deviceSchema.parse({ clientid: 'a' }).actions).toEqual(allHidden)
    expect(deviceSchema.parse({ clientid: 'a', actions: null }).actions).toEqual(allHidden)
    expect(deviceSchema.parse({ clientid: 'a', actions: {} }).actions).toEqual(allHidden)
  })

  it('are read as sent, without members the portal does not know', () => {
    const actions = {
      lockscreen: { status: 1, visible: true, since: 'yesterday' },
      wipefull: { status: 0, visible: true },
      requestlocation: { status: 0, visible: false },
      reboot: { status: 0, visible: true },
    }
    expect(deviceSchema.parse({ clientid: 'a', actions }).actions).toEqual({
      ...allHidden,
      lockscreen: { status: 1, visible: true },
      wipefull: { status: 0, visible: true },
    })
  })

  it('are read as the nested schema reads them, odd values included', () => {
    const odd = [
      { lockscreen: { status: '1', visible: 'yes' } },
      { lockscreen: { status: 1.5, visible: true }, wipefull: {} },
      { lockscreen: { status: Number.MAX_SAFE_INTEGER + 2, visible: true } },
      { wipepartial: { visible: true } },
    ]
    for (const actions of odd) {
      const expected = bySchema(actions)
      expect(expected).toMatchObject({ success: true })
      expect(deviceSchema.parse({ clientid: 'a', actions }).actions).toEqual(
        'data' in expected ? expected.data : expected,
      )
    }
  })

  it('fail the device where the nested schema fails, naming the place', () => {
    for (const actions of ['lock', 3, [], { lockscreen: null }, { wipefull: 'yes' }]) {
      expect(bySchema(actions)).toMatchObject({ success: false })
      const result = deviceSchema.safeParse({ clientid: 'a', actions })
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.path.slice(0, 1)).toEqual(['actions'])
    }
    const result = deviceSchema.safeParse({ clientid: 'a', actions: { wipefull: 'yes' } })
    expect(result.error?.issues[0]?.path).toEqual(['actions', 'wipefull'])
  })
})
