import { describe, expect, it } from 'vitest'
import { followInterval } from './follow'

describe('following a device', () => {
  it('polls only while an app waits for the device', () => {
    expect(followInterval(null, [{ status: 1 }])).toBe(false)
    expect(followInterval('a', [{ status: 3 }, { status: 0 }])).toBe(false)
    expect(followInterval('a', [{ status: 3 }, { status: 1 }], 1_000)).toBe(1_000)
    expect(followInterval('a', [{ status: 1 }], 1_000 + 30_000)).toBe(3_000)
    // Once settled, a new wait starts fast again.
    expect(followInterval('a', [{ status: 3 }], 100_000)).toBe(false)
    expect(followInterval('a', [{ status: 1 }], 200_000)).toBe(1_000)
  })
})
