import { describe, expect, it } from 'vitest'
import { arrivalPollDelay } from './arrival-poll'

describe('waiting for a new device', () => {
  it('checks often at first and ever more rarely', () => {
    expect(arrivalPollDelay(0)).toBe(2_000)
    expect(arrivalPollDelay(29_000)).toBe(2_000)
    expect(arrivalPollDelay(60_000)).toBe(5_000)
    expect(arrivalPollDelay(5 * 60_000)).toBe(15_000)
    expect(arrivalPollDelay(60 * 60_000)).toBe(30_000)
  })
})
