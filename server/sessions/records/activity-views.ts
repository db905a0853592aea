import { isLostAnswer } from '../../../contract/error-codes.ts'
import { isUserChangeName } from '../../../contract/commands.ts'
import { languageOf, type Language } from '../../../contract/languages.ts'
import {
  automaticCommand,
  formatDoneAfter,
  outcomeWords,
  type ShownOutcome,
} from '../../../contract/outcomes.ts'
import { portalTexts, serverTexts } from '../../i18n/texts.ts'
import { ANSWER_WAIT_MS } from './activity.ts'
import { pendingMember } from './commands.ts'
import { CSV_WORDS as WORDS } from './csv-words.ts'
import type { ActivityRow } from './schema.ts'
import type { AccountKey } from './sessions.ts'

/** A record as the portal shows it; `account` only to the help desk. */
interface ActivityView {
  id: string
  at: string
  action: string
  actor: 'user' | 'helpdesk'
  byYou: boolean
  account: string | null
  accountDeleted: boolean
  clientId: string
  deviceName: string | null
  /** The device's owner, or the user a change was filed under; only to the help desk. */
  ownerSid: string | null
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
  answerLost: boolean
}

/**
 * Whether a record still sent has no answer of the service's and awaits none (OutcomeFacts in
 * contract/outcomes.ts): the portal answered in the service's stead (`isLostAnswer`: it did not
 * answer in time, could not be reached, or its answer could not be read), or the portal stopped
 * (killed, its host gone) between sending and the answer, which left the record without one
 * (answer_status 0), and the service's answer is long overdue (`changeWaitMs`,
 * changeAnswerWaitMs). A device's command and a change to a user alike.
 */
export function answerLost(row: ActivityRow, changeWaitMs: number, now = Date.now()): boolean {
  if (row.outcome !== 'sent') return false
  if (isLostAnswer(row.answer_code)) return true
  return row.answer_status === 0 && now - row.at.getTime() > changeWaitMs
}

/**
 * How a record ended, as far as the portal knows. Without the service's answer (`answerLost`), at
 * once for one the portal answered itself, after `changeWaitMs` for one it never recorded an
 * answer to: never as taken, never as waiting for the device, which may not have it. Until then
 * a change to a user waits for the service, a device's command as one the service took. A
 * command the service took waits for the device a day (ANSWER_WAIT_MS).
 */
export function shownOutcome(
  row: ActivityRow,
  changeWaitMs: number,
  now = Date.now(),
): ShownOutcome {
  if (row.outcome !== 'sent') return row.outcome
  if (answerLost(row, changeWaitMs, now)) return 'noAnswer'
  if (isUserChangeName(row.action)) return 'sent'
  if (pendingMember(row.action, row.details) === null) return 'accepted'
  return now - row.at.getTime() > ANSWER_WAIT_MS ? 'noAnswer' : 'sent'
}

/**
 * How long a record still sent is shown so: one without the service's answer (answer_status 0)
 * and a change to a user `changeWaitMs`; a command the service took, while its device may answer,
 * a day (ANSWER_WAIT_MS).
 */
function answerWaitOf(row: ActivityRow, changeWaitMs: number): number {
  return row.answer_status === 0 || isUserChangeName(row.action) ? changeWaitMs : ANSWER_WAIT_MS
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
    ownerSid: helpdesk ? row.owner_sid : null,
    details: row.details,
    outcome,
    doneAfterMs: row.done_at ? row.done_at.getTime() - row.at.getTime() : null,
    answerCode: row.answer_code,
    answerLost: answerLost(row, changeWaitMs, now),
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
  // Last, so a sheet that reads the columns before them by place still reads them.
  'ownerSid',
  'owner',
  'ownerEmail',
] as const

/**
 * As the screens say it (outcomeWords): a refusal with its reason, a lost answer as such, a
 * command seen done with how long after sending.
 */
function outcomeText(lang: Language, row: ActivityRow, changeWaitMs: number, now: number): string {
  if (row.outcome === 'done' && row.done_at) {
    const duration = formatDoneAfter(row.done_at.getTime() - row.at.getTime(), lang)
    return portalTexts(lang, 'records')('outcome.doneAfter', { duration })
  }
  const words = outcomeWords({
    action: row.action,
    outcome: shownOutcome(row, changeWaitMs, now),
    answerCode: row.answer_code,
    answerLost: answerLost(row, changeWaitMs, now),
  })
  return WORDS[lang].outcome[words]
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
      if (name === 'kind' && text === 'workProfile') return t('details.kindWorkProfile')
      if (name === 'automaticAfter') {
        return t('details.automaticAfter', { value: actionWords(lang, text) })
      }
      return `${name}=${text}`
    })
    .join('; ')
}

/** One CSV cell: quoted, and a leading formula character defused for spreadsheet programs. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}

/**
 * The tenant's users by sid, as the CSV names a record's owner: null when the service's list
 * could not be read, and then the CSV gives the owner's sid alone.
 */
export type OwnerNames = ReadonlyMap<string, { name: string; email: string }> | null

/**
 * The owner's name and address; one no longer in the tenant's list is said to be deleted, as the
 * screen says it. Nothing where the list is not known, or the record names no owner.
 */
function ownerCells(lang: Language, sid: string | null, owners: OwnerNames): [string, string] {
  if (!sid || !owners) return ['', '']
  const owner = owners.get(sid)
  return owner ? [owner.name, owner.email] : [serverTexts(lang)('records.csv.deletedAccount'), '']
}

/**
 * The records as CSV for an auditor, headed in the request's language; apps by their names, each
 * record's owner (the device's, or the user a change was filed under) by sid, name and address.
 */
export function activityCsv(
  rows: ActivityRow[],
  acceptLanguage: string | string[] | undefined,
  appNames: ReadonlyMap<string, string>,
  owners: OwnerNames,
  changeWaitMs: number,
  now = Date.now(),
  /** How many records the file holds at most, when the records hold older ones it leaves out. */
  leftOutBeyond: number | null = null,
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
        // Nobody asked for it: the portal sent it, in the account's session (senderWords).
        automaticCommand(row) ? t('records.csv.actor.portal') : t(`records.csv.actor.${row.actor}`),
        row.device_name ?? '',
        row.client_id,
        detailWords(lang, row.details, appNames),
        outcomeText(lang, row, changeWaitMs, now),
        row.done_at?.toISOString() ?? '',
        row.answer_code ?? '',
        row.owner_sid ?? '',
        ...ownerCells(lang, row.owner_sid, owners),
      ]
        .map(cell)
        .join(','),
    )
  }
  // A file cut at its limit says so in its last line, where a reader of the file meets it.
  if (leftOutBeyond !== null) lines.push(cell(t('records.csv.leftOut', { count: leftOutBeyond })))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
