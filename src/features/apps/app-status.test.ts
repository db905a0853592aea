import { describe, expect, it } from 'vitest'
import type { Activity } from '@/entities/device/history'
import { activityRecord } from '@/test/activity'
import { PORTAL_ERROR_CODES } from '@contract/error-codes'
import { recordedChange, statusKind, waitingNote } from './app-status'

const record = (fields: Partial<Activity> & Pick<Activity, 'action' | 'at'>): Activity =>
  activityRecord({ details: { id: 'EA1' }, outcome: 'accepted', ...fields })

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute))

describe('a pending app status in words', () => {
  it('says which change the user asked for; the service says only that one is under way', () => {
    expect(statusKind({ status: 1 }, 'install')).toBe('installing')
    expect(statusKind({ status: 1 }, 'uninstall')).toBe('uninstalling')
    expect(statusKind({ status: 1 }, null)).toBe('pending')
    expect(statusKind({ status: 3 }, 'install')).toBe('installed')
  })

  it('reads the change from the records: the latest one the service took for the app', () => {
    // Newest first, as the records answer.
    const activity = [
      record({ action: 'appUninstall', at: at(30), details: { id: 'EA2' } }),
      record({ action: 'appInstall', at: at(20), outcome: 'refused' }),
      record({ action: 'lock', at: at(15), details: {} }),
      record({ action: 'appUninstall', at: at(10) }),
      record({ action: 'appInstall', at: at(5) }),
    ]
    expect(recordedChange(activity, 'EA1', at(1))).toEqual({ kind: 'uninstall', at: at(10) })
    expect(recordedChange(activity, 'EA2', null)).toEqual({ kind: 'uninstall', at: at(30) })
    expect(recordedChange(activity, 'EA3', null)).toBeNull()
  })

  it('leaves a change the service did not answer: it may never have had it', () => {
    const activity = [
      record({
        action: 'appUninstall',
        at: at(20),
        outcome: 'noAnswer',
        answerCode: PORTAL_ERROR_CODES.serviceTimeout,
        answerLost: true,
      }),
      record({ action: 'appInstall', at: at(10) }),
    ]
    expect(recordedChange(activity, 'EA1', null)).toEqual({ kind: 'install', at: at(10) })
    // Nor one whose answer the portal never recorded (it stopped before the answer came).
    const unrecorded = [
      record({ action: 'appUninstall', at: at(20), outcome: 'noAnswer', answerLost: true }),
      record({ action: 'appInstall', at: at(10) }),
    ]
    expect(recordedChange(unrecorded, 'EA1', null)).toEqual({ kind: 'install', at: at(10) })
  })

  it('leaves a change the device has been in contact for since: the pending status is newer', () => {
    const activity = [record({ action: 'appInstall', at: at(10) })]
    expect(recordedChange(activity, 'EA1', at(9))?.kind).toBe('install')
    expect(recordedChange(activity, 'EA1', at(11))).toBeNull()
    expect(recordedChange(activity, 'EA1', undefined)?.kind).toBe('install')
  })

  it('ages a waiting note: since when it waits, and after an hour that the device has not answered', () => {
    const sent = new Date(Date.UTC(2026, 10, 23, 12))
    expect(waitingNote(null, sent.getTime())).toBe('status.waiting')
    expect(waitingNote(sent, sent.getTime() + 20_000)).toBe('status.waitingSince')
    expect(waitingNote(sent, sent.getTime() + 20 * 60_000)).toBe('status.waitingSince')
    expect(waitingNote(sent, sent.getTime() + 61 * 60_000)).toBe('status.waitingLong')
  })
})
