import type { Activity } from '@/entities/device/history'

/**
 * A record as the portal's server shows it (server/sessions/records/activity-views.ts): by
 * default the employee's own command to their iPhone, sent and not yet answered.
 */
export function activityRecord(
  fields: Partial<Activity> & Pick<Activity, 'action' | 'at'>,
): Activity {
  return {
    id: `${fields.action}-${fields.at.getTime()}`,
    actor: 'user',
    byYou: true,
    account: null,
    accountDeleted: false,
    clientId: 'iphone',
    deviceName: null,
    details: {},
    outcome: 'sent',
    doneAfterMs: null,
    answerCode: null,
    answerLost: false,
    ...fields,
  }
}
