import { PORTAL_ERROR_CODES } from '@contract/error-codes'
import { describe, expect, it } from 'vitest'
import { activityRecord } from '@/test/activity'
import { isUnanswered, pendingSince, reachability } from './waiting'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute))

const record = activityRecord

describe('a command waiting for the device', () => {
  it('was sent when the records last show one of its kind taken by the service', () => {
    // Newest first, as the records answer.
    const activity = [
      record({ action: 'lock', at: at(40), outcome: 'refused' }),
      record({ action: 'locate', at: at(30), outcome: 'accepted' }),
      record({ action: 'lock', at: at(20) }),
      record({ action: 'lock', at: at(10), outcome: 'done' }),
    ]
    expect(pendingSince(activity, 'lockscreen')).toEqual(at(20))
    expect(pendingSince(activity, 'requestlocation')).toEqual(at(30))
    expect(pendingSince(activity, 'wipefull')).toBeNull()
  })

  it('is not one the service did not answer: the service may never have had it', () => {
    const activity = [
      record({
        action: 'lock',
        at: at(40),
        outcome: 'noAnswer',
        answerCode: PORTAL_ERROR_CODES.serviceUnavailable,
      }),
      record({ action: 'lock', at: at(20), outcome: 'done' }),
    ]
    expect(pendingSince(activity, 'lockscreen')).toBeNull()
  })

  it('counts as unanswered after an hour', () => {
    expect(isUnanswered(at(0), at(59).getTime())).toBe(false)
    expect(isUnanswered(at(0), at(60).getTime())).toBe(true)
  })

  it('is spoken of by how recently the device was in touch', () => {
    const now = at(30).getTime()
    expect(reachability({ lastcontact: null }, now)).toBe('unknown')
    expect(reachability({ lastcontact: new Date(now - 33_000) }, now)).toBe('online')
    expect(reachability({ lastcontact: at(0) }, now)).toBe('seen')
  })
})
