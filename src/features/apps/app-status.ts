import { APP_STATUS, type App } from '@contract/schemas'
import type { Activity } from '@/entities/device/history'
import { isUnanswered } from '@/entities/device/waiting'

/**
 * What an app's status means for the user, in a form the components can put into words.
 * `1` covers installing and removing alike; which of the two it is, only the portal knows, from
 * what was asked through it (`requested`: useRequestedChange).
 */
export type StatusKind =
  'notInstalled' | 'installing' | 'uninstalling' | 'pending' | 'failed' | 'installed'

export type RequestKind = 'install' | 'uninstall'

export function statusKind(app: Pick<App, 'status'>, requested: RequestKind | null): StatusKind {
  switch (app.status) {
    case APP_STATUS.pending:
      if (requested === 'install') return 'installing'
      if (requested === 'uninstall') return 'uninstalling'
      return 'pending'
    case APP_STATUS.error:
      return 'failed'
    case APP_STATUS.installed:
      return 'installed'
    default:
      return 'notInstalled'
  }
}

/**
 * The install or uninstall a device has not answered yet, as the portal's records have it: the
 * latest one sent for the app, if the device has not been in contact since (a command it was in
 * contact for has reached it, so a status still pending is about something newer).
 */
export function recordedChange(
  activity: readonly Activity[],
  appId: string,
  lastContact: Date | null | undefined,
): RequestedChange | null {
  const latest = activity.find(
    (item) =>
      (item.action === 'appInstall' || item.action === 'appUninstall') &&
      item.details.id === appId &&
      item.outcome !== 'refused' &&
      // Nor one without the service's answer: it may never have had it.
      !item.answerLost,
  )
  if (!latest || (lastContact && lastContact >= latest.at)) return null
  return { kind: latest.action === 'appInstall' ? 'install' : 'uninstall', at: latest.at }
}

/** An install or uninstall the portal knows it asked for, and when. */
interface RequestedChange {
  kind: RequestKind
  at: Date
}

/**
 * What the note under a waiting app says: since when it waits, when the portal knows; after an
 * hour, that the device has not answered (it is off or offline), rather than "a few seconds".
 */
export function waitingNote(since: Date | null, now: number) {
  if (!since) return 'status.waiting'
  return isUnanswered(since, now) ? 'status.waitingLong' : 'status.waitingSince'
}

export function isWaiting(app: Pick<App, 'status'>): boolean {
  return app.status === APP_STATUS.pending
}

/** The status detail constants we can put into words; any other is shown as the service sent it. */
const KNOWN_DETAILS = [
  'WaitingForDeviceReply',
  'NotEnoughSpace',
  'UserDeclined',
  'LicenseMissing',
  'NotSupported',
  'DownloadFailed',
] as const
type KnownDetail = (typeof KNOWN_DETAILS)[number]

export function knownDetail(detail: string | null | undefined): KnownDetail | null {
  return KNOWN_DETAILS.find((known) => known === detail) ?? null
}

/** The visible actions of an app on the chosen device. */
interface VisibleActions {
  install: boolean
  uninstall: boolean
  update: boolean
}

export function visibleActions(
  app: Pick<App, 'actions' | 'status' | 'compatibletodevice'>,
): VisibleActions {
  // While the device has not answered, a second command would only queue behind the first.
  if (isWaiting(app) || app.compatibletodevice === false) {
    return { install: false, uninstall: false, update: false }
  }
  return {
    install: app.actions?.install?.visible === true,
    uninstall: app.actions?.uninstall?.visible === true,
    update: app.actions?.update?.visible === true,
  }
}
