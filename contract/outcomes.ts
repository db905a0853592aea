import { isSentAutomatically, isUserChangeName, type AutomaticCommand } from './commands.ts'
import { PORTAL_ERROR_CODES, refusalWords, type RefusalWords } from './error-codes.ts'

/**
 * How a record of what was done ended, as the portal shows it (server: activity-views.ts).
 * `sent`: taken by the service, the device not yet seen done; or not answered yet, while the
 * answer may still come. `accepted`: taken by the service, for a command whose end the device's
 * pending actions do not show: an app list refresh, whose end the portal never learns, and an
 * app install or uninstall, done once a user's read of the device's apps shows the app installed
 * or not (server: ActivityRecords.seenApps), which a help desk's read never does; so the portal
 * does not wait for them. `noAnswer`: still `sent` long after it could have been
 * answered: by the device (ANSWER_WAIT_MS), or by the service (`answerLost`). `unlisted`: an app
 * install or uninstall whose app the device's whole app list no longer has (no longer assigned
 * to the user or the device), so that its end can no longer be seen: not known whether it was done.
 */
export const SHOWN_OUTCOMES = [
  'sent',
  'accepted',
  'refused',
  'done',
  'noAnswer',
  'unlisted',
] as const
export type ShownOutcome = (typeof SHOWN_OUTCOMES)[number]

/** What of a record decides its words. */
interface OutcomeFacts {
  action: string
  outcome: ShownOutcome
  answerCode: string | null
  /**
   * No answer of the service's is there and none is awaited any more: the portal answered in
   * its stead (`isLostAnswer`, its code kept), or the portal stopped before the answer came and
   * the service's wait is long over. Nobody knows whether the service took it.
   */
  answerLost: boolean
}

/** The words of an outcome, under `outcome` in locales/<language>/records.json. */
type OutcomeWords =
  ShownOutcome | 'sentToService' | 'noServiceAnswer' | 'portalFailed' | RefusalWords

/**
 * The words a record's outcome is said in, the same on the screens and in the CSV: a refusal
 * with its reason where the records say it (refusalWords); one without the service's answer
 * as such, never as waiting for the device; a change to a user waits for the service.
 */
export function outcomeWords(item: OutcomeFacts): OutcomeWords {
  const why = item.outcome === 'refused' && refusalWords(item.answerCode)
  if (why) return why
  // The portal's own failure is not the service's silence: the portal says it failed.
  if (item.answerLost && item.answerCode === PORTAL_ERROR_CODES.portalFailed) return 'portalFailed'
  if (item.answerLost) return 'noServiceAnswer'
  if (item.outcome === 'sent' && isUserChangeName(item.action)) return 'sentToService'
  return item.outcome
}

/** What of a record decides who it says did it. */
interface SenderFacts {
  action: string
  actor: 'user' | 'helpdesk'
  byYou: boolean
  account: string | null
  accountDeleted: boolean
  details: Record<string, string | boolean>
}

/**
 * Who a record says did it, under `action.<action>` in locales/<language>/records.json; or
 * `automatic` (under `automatic.<action>`) for a command the portal sent by itself after another
 * (AUTOMATIC_HEADER, kept as the detail `automaticAfter`): nobody asked for it, so it is never
 * said to be the sender's, although it went in the sender's session.
 */
export type SenderWords = 'byYou' | 'byHelpdesk' | 'byUser' | 'byDeleted' | 'by' | 'automatic'

/** The command of a record the portal sent by itself; null for one a person sent. */
export function automaticCommand(
  item: Pick<SenderFacts, 'action' | 'details'>,
): AutomaticCommand | null {
  return isSentAutomatically(item.action, item.details.automaticAfter) ? item.action : null
}

/** The words of who did it, the same on the screens and in the CSV (its `actor` column). */
export function senderWords(item: SenderFacts, showAccount: boolean): SenderWords {
  if (automaticCommand(item)) return 'automatic'
  if (item.byYou) return 'byYou'
  if (item.accountDeleted) return 'byDeleted'
  if (showAccount && item.account) return 'by'
  return item.actor === 'helpdesk' ? 'byHelpdesk' : 'byUser'
}

const durationFormats = new Map<string, Intl.NumberFormat>()

/**
 * The time a device took to answer, as a record's "done: seen … after sending" says it: on the
 * screens in words ("4 seconds", "2 Minuten"), which a screen reader reads as they are written;
 * in the CSV short ("4 sec", "2 Min.", "3 Std."), as it is specified.
 */
export function formatDoneAfter(
  ms: number,
  language: string,
  unitDisplay: 'short' | 'long' = 'short',
): string {
  const [unit, size] =
    ms < 120_000 ? ['second', 1000] : ms < 7_200_000 ? ['minute', 60_000] : ['hour', 3_600_000]
  const key = `${language}:${unit}:${unitDisplay}`
  let format = durationFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay })
    durationFormats.set(key, format)
  }
  return format.format(Math.max(1, Math.round(ms / size)))
}
