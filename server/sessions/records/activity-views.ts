import { languageOf } from '../../../contract/languages.ts'
import { ANSWER_WAIT_MS } from './activity.ts'
import { pendingMember } from './commands.ts'
import type { ActivityRow } from './schema.ts'

/**
 * `sent`: taken by the service, the device not yet seen done; `accepted`: taken by the service,
 * for a command whose end the device's facts do not show (app list refresh, app install and
 * uninstall), so the portal never learns it is done and does not wait for it.
 */
export type ShownOutcome = 'sent' | 'accepted' | 'refused' | 'done' | 'noAnswer'

/** A record as the portal shows it; `account` only to the help desk. */
export interface ActivityView {
  id: string
  at: string
  action: string
  actor: 'user' | 'helpdesk'
  byYou: boolean
  account: string | null
  accountDeleted: boolean
  clientId: string
  deviceName: string | null
  details: Record<string, string | boolean>
  outcome: ShownOutcome
  doneAfterMs: number | null
  answerCode: string | null
}

export function shownOutcome(row: ActivityRow, now = Date.now()): ShownOutcome {
  if (row.outcome !== 'sent') return row.outcome
  if (pendingMember(row.action, row.details) === null) return 'accepted'
  return now - row.at.getTime() > ANSWER_WAIT_MS ? 'noAnswer' : 'sent'
}

export function activityView(row: ActivityRow, viewer: string, helpdesk: boolean): ActivityView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: row.actor,
    byYou: row.account !== null && row.account === viewer,
    account: helpdesk ? row.account : null,
    accountDeleted: row.account === null,
    clientId: row.client_id,
    deviceName: row.device_name,
    details: row.details,
    outcome: shownOutcome(row),
    doneAfterMs: row.done_at ? row.done_at.getTime() - row.at.getTime() : null,
    answerCode: row.answer_code,
  }
}

const HEADERS = {
  en: [
    'Time (UTC)',
    'Action',
    'Account',
    'Role',
    'Device',
    'Client id',
    'Details',
    'Outcome',
    'Done at (UTC)',
    'Service answer',
  ],
  de: [
    'Zeit (UTC)',
    'Aktion',
    'Konto',
    'Rolle',
    'Gerät',
    'Client-ID',
    'Details',
    'Ergebnis',
    'Erledigt um (UTC)',
    'Antwort des Dienstes',
  ],
}
const DELETED = { en: 'a deleted user', de: 'ein gelöschter Benutzer' }
const ROLES = {
  en: { user: 'employee', helpdesk: 'help desk' },
  de: { user: 'Mitarbeiter', helpdesk: 'Helpdesk' },
}

/** One CSV cell: quoted, and a leading formula character defused for spreadsheet programs. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}

/** The records as CSV for an auditor, headed in the request's language. */
export function activityCsv(rows: ActivityRow[], acceptLanguage: string | string[] | undefined) {
  const lang = languageOf(acceptLanguage)
  const lines = [HEADERS[lang].map(cell).join(',')]
  for (const row of rows) {
    const details = Object.entries(row.details)
      .map(([name, value]) => `${name}=${String(value)}`)
      .join('; ')
    lines.push(
      [
        row.at.toISOString(),
        row.action,
        row.account ?? DELETED[lang],
        ROLES[lang][row.actor],
        row.device_name ?? '',
        row.client_id,
        details,
        shownOutcome(row),
        row.done_at?.toISOString() ?? '',
        row.answer_code ?? '',
      ]
        .map(cell)
        .join(','),
    )
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
