import { isLostAnswer, refusalWords } from '../../../contract/error-codes.ts'
import { isUserChangeName } from '../../../contract/commands.ts'
import { languageOf, type Language } from '../../../contract/languages.ts'
import { portalTexts, serverTexts } from '../../i18n/texts.ts'
import { ANSWER_WAIT_MS } from './activity.ts'
import { pendingMember } from './commands.ts'
import { CSV_WORDS as WORDS } from './csv-words.ts'
import type { ActivityRow } from './schema.ts'
import type { AccountKey } from './sessions.ts'

/**
 * `sent`: taken by the service, the device not yet seen done; or a change to a user whose answer
 * the service has not given yet. `accepted`: taken by the service, for a command whose end the
 * device's facts do not show (app list refresh, app install and uninstall), so the portal never
 * learns it is done and does not wait for it. `noAnswer`: still `sent` long after it could have
 * been answered (a device's, ANSWER_WAIT_MS; the service's, `changeWaitMs`), or a device's
 * command the portal answered in the service's stead (`isLostAnswer`, its code kept).
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
  /**
   * While `sent`: how much longer the portal waits before it shows the record without an answer,
   * from this answer on (a span, not a time: the browser adds it to its own clock, never the
   * server's, so a browser whose clock is wrong reads again when the wait is over all the same).
   */
  waitLeftMs: number | null
}

/**
 * How a record ended, as far as the portal knows. A change to a user is complete once the service
 * answered (done or refused); one still sent had no answer the portal could record (it stopped,
 * or the service did not answer in time, or could not be reached): waiting for `changeWaitMs`
 * (changeAnswerWaitMs), then without an answer, never as taken.
 */
export function shownOutcome(
  row: ActivityRow,
  changeWaitMs: number,
  now = Date.now(),
): ShownOutcome {
  if (row.outcome !== 'sent') return row.outcome
  // A device's command the portal answered in the service's stead (the service did not answer in
  // time, could not be reached, or the portal stopped): at once without an answer. Unlike a change
  // to a user still sent, which may be under way, its record has the portal's answer: the portal
  // waits for nothing more, and the device is not awaited, since the service may not have it.
  if (isLostAnswer(row.answer_code)) return 'noAnswer'
  if (!isUserChangeName(row.action) && pendingMember(row.action, row.details) === null) {
    return 'accepted'
  }
  return now - row.at.getTime() > answerWaitOf(row, changeWaitMs) ? 'noAnswer' : 'sent'
}

/** How long a record is shown as sent: a change to a user `changeWaitMs`, a command a day. */
function answerWaitOf(row: ActivityRow, changeWaitMs: number): number {
  return isUserChangeName(row.action) ? changeWaitMs : ANSWER_WAIT_MS
}

/** Whether the viewer sent it: the same address, account type and tenant. */
export function sentBy(row: ActivityRow, viewer: AccountKey): boolean {
  const actor = viewer.usertype === 'admin' ? 'helpdesk' : 'user'
  return (
    row.account !== null &&
    row.account === viewer.account &&
    row.actor === actor &&
    row.tenant === viewer.tenant
  )
}

export function activityView(
  row: ActivityRow,
  viewer: AccountKey,
  helpdesk: boolean,
  changeWaitMs: number,
  now = Date.now(),
): ActivityView {
  const outcome = shownOutcome(row, changeWaitMs, now)
  const age = now - row.at.getTime()
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: row.actor,
    byYou: sentBy(row, viewer),
    account: helpdesk ? row.account : null,
    accountDeleted: row.account === null,
    clientId: row.client_id,
    deviceName: row.device_name,
    details: row.details,
    outcome,
    doneAfterMs: row.done_at ? row.done_at.getTime() - row.at.getTime() : null,
    answerCode: row.answer_code,
    waitLeftMs: outcome === 'sent' ? Math.max(0, answerWaitOf(row, changeWaitMs) - age) : null,
  }
}

/** The CSV's columns, in order; their headings are `server:records.csv.headers.<column>`. */
const COLUMNS = [
  'at',
  'action',
  'account',
  'actor',
  'device',
  'clientId',
  'details',
  'outcome',
  'doneAt',
  'answerCode',
] as const

/** As the screens say it, a refusal with its reason where the records say it (refusalWords). */
function outcomeWords(lang: Language, row: ActivityRow, changeWaitMs: number): string {
  const { outcome } = WORDS[lang]
  const why = row.outcome === 'refused' && refusalWords(row.answer_code)
  if (why) return outcome[why]
  const shown = shownOutcome(row, changeWaitMs)
  if (shown === 'noAnswer' && isLostAnswer(row.answer_code)) return outcome.noServiceAnswer
  // A change to a user waits for the service, not for a device.
  if (isUserChangeName(row.action)) {
    if (shown === 'sent') return outcome.sentToService
    if (shown === 'noAnswer') return outcome.noServiceAnswer
  }
  return outcome[shown]
}

function actionWords(lang: Language, action: string): string {
  const names: Record<string, string> = WORDS[lang].actionName
  return names[action] ?? action
}

/**
 * The details as the screens word them: "Message: “Call me”", "Everything (factory reset)",
 * "App: Secure Mail" (by the names of the tenant's apps, as the screens name them), "E-mail:
 * anna@example.com", "Name: Anna Berg".
 */
function detailWords(
  lang: Language,
  details: ActivityRow['details'],
  appNames: ReadonlyMap<string, string>,
): string {
  const t = portalTexts(lang, 'records')
  // A change to a user names whom it asked for: the name as one ("Name: Anna Berg").
  const { firstname, lastname, ...rest } = details
  const person = [firstname, lastname].filter((part) => typeof part === 'string').join(' ')
  const named = person ? { ...rest, name: person } : rest
  return Object.entries(named)
    .map(([name, value]) => {
      const text = String(value)
      if (name === 'email') return t('details.email', { value: text })
      if (name === 'name') return t('details.name', { value: text })
      if (name === 'sid') return t('details.sid', { value: text })
      if (name === 'message') return t('details.message', { value: text })
      if (name === 'phonenumber') return t('details.phonenumber', { value: text })
      if (name === 'footnote') return t('details.footnote', { value: text })
      if (name === 'id') {
        const app = appNames.get(text)
        return app ? t('details.app', { value: app }) : t('details.appUnknown')
      }
      if (name === 'kind' && text === 'partial') return t('details.kindPartial')
      if (name === 'kind' && text === 'full') return t('details.kindFull')
      return `${name}=${text}`
    })
    .join('; ')
}

/** One CSV cell: quoted, and a leading formula character defused for spreadsheet programs. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}

/** The records as CSV for an auditor, headed in the request's language; apps by their names. */
export function activityCsv(
  rows: ActivityRow[],
  acceptLanguage: string | string[] | undefined,
  appNames: ReadonlyMap<string, string>,
  changeWaitMs: number,
) {
  const lang = languageOf(acceptLanguage)
  const t = serverTexts(lang)
  const lines = [COLUMNS.map((column) => cell(t(`records.csv.headers.${column}`))).join(',')]
  for (const row of rows) {
    lines.push(
      [
        row.at.toISOString(),
        actionWords(lang, row.action),
        row.account ?? t('records.csv.deletedAccount'),
        t(`records.csv.actor.${row.actor}`),
        row.device_name ?? '',
        row.client_id,
        detailWords(lang, row.details, appNames),
        outcomeWords(lang, row, changeWaitMs),
        row.done_at?.toISOString() ?? '',
        row.answer_code ?? '',
      ]
        .map(cell)
        .join(','),
    )
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
