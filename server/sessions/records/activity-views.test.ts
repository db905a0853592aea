import { describe, expect, it } from 'vitest'
import { ANSWER_WAIT_MS } from './activity.ts'
import { shownOutcome } from './activity-views.ts'
import type { ActivityRow } from './schema.ts'

const at = new Date('2026-11-20T10:00:00Z')

function row(action: string, outcome: ActivityRow['outcome'] = 'sent'): ActivityRow {
  return {
    id: 'r1',
    at,
    account: 'anna@example.com',
    actor: 'user',
    session_id: null,
    client_id: 'c1',
    device_name: null,
    owner_sid: null,
    action,
    details: {},
    answer_status: 200,
    answer_code: null,
    outcome,
    done_at: null,
    world: '',
  }
}

describe('shownOutcome', () => {
  it('waits for a command whose end the device shows (spec: actions … status 1 = pending)', () => {
    expect(shownOutcome(row('lock'), at.getTime() + 60_000)).toBe('sent')
    expect(shownOutcome(row('lock'), at.getTime() + ANSWER_WAIT_MS + 1)).toBe('noAnswer')
  })

  it('says only "sent to the device" of one the device has no pending flag for', () => {
    for (const action of ['appListRefresh', 'appInstall', 'appUninstall']) {
      expect(shownOutcome(row(action), at.getTime() + 60_000), action).toBe('accepted')
      expect(shownOutcome(row(action), at.getTime() + ANSWER_WAIT_MS + 1), action).toBe('accepted')
    }
  })

  it('keeps what the portal learnt', () => {
    expect(shownOutcome(row('appInstall', 'refused'))).toBe('refused')
    expect(shownOutcome(row('lock', 'done'))).toBe('done')
  })
})
