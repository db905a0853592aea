import { describe, expect, it } from 'vitest'
import { deviceSchema, toMsDate, type DeviceWire } from '@contract/schemas'
import { deviceHealth, worstSeverity } from './health'

const HOUR = 3600_000
const now = Date.UTC(2026, 10, 23, 12)

/** A device that is fine in every respect, changed by `fields`. */
function device(fields: Partial<DeviceWire> = {}) {
  return deviceSchema.parse({
    clientid: 'a',
    lastcontact: toMsDate(now - HOUR),
    batterylevel: 80,
    freestoragemb: 60_000,
    storagemb: 128_000,
    passcodecompliant: true,
    ...fields,
  })
}

const kinds = (fields: Partial<DeviceWire>) => deviceHealth(device(fields), now).map((i) => i.kind)

describe('deviceHealth', () => {
  it('finds nothing on a healthy device, or where the service leaves fields out', () => {
    expect(deviceHealth(device(), now)).toEqual([])
    expect(deviceHealth(deviceSchema.parse({ clientid: 'b' }), now)).toEqual([])
    expect(worstSeverity([])).toBeNull()
  })

  it('warns after 48 hours without contact, not before', () => {
    expect(kinds({ lastcontact: toMsDate(now - 48 * HOUR) })).toEqual([])
    expect(kinds({ lastcontact: toMsDate(now - 49 * HOUR) })).toEqual(['quiet'])
  })

  it('warns about a battery under 20 % and storage nearly full', () => {
    expect(kinds({ batterylevel: 20 })).toEqual([])
    expect(kinds({ batterylevel: 19 })).toEqual(['battery'])
    // Under 10 % free, but at most 2 GB are asked for on a large disk.
    expect(kinds({ freestoragemb: 12_000, storagemb: 128_000 })).toEqual([])
    expect(kinds({ freestoragemb: 2000, storagemb: 128_000 })).toEqual(['storage'])
    expect(kinds({ freestoragemb: 1500, storagemb: 16_000 })).toEqual(['storage'])
    expect(kinds({ freestoragemb: 0, storagemb: 100 })).toEqual(['storage'])
  })

  it('puts a non-compliant passcode first and pending commands last', () => {
    const issues = deviceHealth(
      device({
        passcodecompliant: false,
        batterylevel: 5,
        lostmodeenabled: true,
        actions: { lockscreen: { status: 1, visible: true } },
      }),
      now,
    )
    expect(issues.map((issue) => issue.kind)).toEqual([
      'passcode',
      'lostMode',
      'battery',
      'pending',
    ])
    expect(issues.at(-1)).toMatchObject({ severity: 'info', pending: ['lockscreen'] })
    expect(worstSeverity(issues)).toBe('critical')
    expect(worstSeverity(issues.slice(1))).toBe('warning')
    expect(worstSeverity(issues.slice(-1))).toBe('info')
  })

  it('counts the app list this browser waits for among what is waiting', () => {
    expect(deviceHealth(device(), now, true)).toEqual([
      { kind: 'pending', severity: 'info', pending: [], appList: true },
    ])
    const locking = device({ actions: { lockscreen: { status: 1, visible: true } } })
    expect(deviceHealth(locking, now, true).at(-1)).toMatchObject({
      pending: ['lockscreen'],
      appList: true,
    })
  })

  it('raises no alarm about a device retired on purpose: its profile removed, or wiped', () => {
    expect(kinds({ mdmprofileremoved: true, batterylevel: 3, passcodecompliant: false })).toEqual(
      [],
    )
    expect(kinds({ wiped: true, mdmprofileremoved: true, batterylevel: 3 })).toEqual([])
  })
})
