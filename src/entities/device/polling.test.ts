import { describe, expect, it } from 'vitest'
import { CADENCES, pollInterval, waitInterval } from './polling'

describe('pollInterval', () => {
  it('follows a command: doubles from one second and stops growing at thirty', () => {
    const delays: number[] = []
    let elapsed = 0
    for (let step = 0; step < 8; step++) {
      const delay = pollInterval(CADENCES.command, elapsed)
      delays.push(delay)
      elapsed += delay
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
  })

  it('treats a clock that went backwards as a fresh start', () => {
    expect(pollInterval(CADENCES.command, -5000)).toBe(1000)
  })

  it('follows an app: asks often at first and ever more rarely', () => {
    expect(pollInterval(CADENCES.app, 0)).toBe(1_000)
    expect(pollInterval(CADENCES.app, 20_000)).toBe(3_000)
    expect(pollInterval(CADENCES.app, 2 * 60_000)).toBe(10_000)
    expect(pollInterval(CADENCES.app, 60 * 60_000)).toBe(30_000)
  })

  it('waits for a new device: checks often at first and ever more rarely', () => {
    expect(pollInterval(CADENCES.enrollment, 0)).toBe(2_000)
    expect(pollInterval(CADENCES.enrollment, 29_000)).toBe(2_000)
    expect(pollInterval(CADENCES.enrollment, 60_000)).toBe(5_000)
    expect(pollInterval(CADENCES.enrollment, 5 * 60_000)).toBe(15_000)
    expect(pollInterval(CADENCES.enrollment, 60 * 60_000)).toBe(30_000)
  })

  it('keeps the last step past the end of a cadence', () => {
    expect(pollInterval([[1_000, 500]], 5_000)).toBe(500)
  })
})

describe('waitInterval', () => {
  it('counts from when the wait began and forgets a wait that ended', () => {
    const waits = new Map<string, number>()
    expect(waitInterval(waits, 'a', true, CADENCES.app, 1_000)).toBe(1_000)
    expect(waitInterval(waits, 'a', true, CADENCES.app, 31_000)).toBe(3_000)
    expect(waitInterval(waits, 'a', false, CADENCES.app, 40_000)).toBe(false)
    expect(waits.has('a')).toBe(false)
    expect(waitInterval(waits, 'a', true, CADENCES.app, 500_000)).toBe(1_000)
  })

  it('keeps each awaited thing apart', () => {
    const waits = new Map<string, number>()
    waitInterval(waits, 'a', true, CADENCES.enrollment, 0)
    expect(waitInterval(waits, 'b', true, CADENCES.enrollment, 60_000)).toBe(2_000)
    expect(waitInterval(waits, 'a', true, CADENCES.enrollment, 60_000)).toBe(5_000)
  })
})
