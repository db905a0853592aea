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

  it('says minutes while more than one is left, then seconds', () => {
    expect(timeLeft(119_500)).toEqual({ unit: 'minutes', count: 2 })
    expect(timeLeft(60_000)).toEqual({ unit: 'seconds', count: 60 })
    expect(timeLeft(-5)).toEqual({ unit: 'seconds', count: 0 })
  })
})
