import { describe, expect, it } from 'vitest'
import { sessionMoments, timeLeft, WARNING_MS } from './session-timing'

const MINUTE = 60_000

describe('session moments', () => {
  it('an hour-long token warns two minutes before its end and renews on activity in its window', () => {
    const moments = sessionMoments(0, { lifetimeMs: 60 * MINUTE, renewalWindowMs: 10 * MINUTE })
    expect(moments).toEqual({
      renewFrom: 50 * MINUTE,
      warnAt: 60 * MINUTE - WARNING_MS,
      expiresAt: 60 * MINUTE,
    })
  })

  it('a 60-second token still leaves at least 20 seconds to answer (WCAG 2.2.1)', () => {
    const moments = sessionMoments(1_000, { lifetimeMs: MINUTE, renewalWindowMs: 10 * MINUTE })
    expect(moments.expiresAt - moments.warnAt).toBeGreaterThanOrEqual(20_000)
    expect(moments.renewFrom).toBeLessThanOrEqual(moments.warnAt)
  })

  it('says whole minutes while more than two are left, then minutes and seconds, never rounded up', () => {
    expect(timeLeft(5 * MINUTE)).toEqual({ minutes: 5, seconds: 0 })
    expect(timeLeft(150_000)).toEqual({ minutes: 2, seconds: 0 })
    expect(timeLeft(65_000)).toEqual({ minutes: 1, seconds: 5 })
    expect(timeLeft(119_000)).toEqual({ minutes: 1, seconds: 59 })
    expect(timeLeft(119_500)).toEqual({ minutes: 2, seconds: 0 })
    expect(timeLeft(60_000)).toEqual({ minutes: 1, seconds: 0 })
    expect(timeLeft(42_000)).toEqual({ minutes: 0, seconds: 42 })
    expect(timeLeft(-5)).toEqual({ minutes: 0, seconds: 0 })
  })
})
