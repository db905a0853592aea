import { useQuery } from '@tanstack/react-query'
import { Dot, Dotted } from '@/components/dot'
import type { App } from '@contract/schemas'
import type { ParseKeys, TFunction } from 'i18next'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { appListQuery } from '@/entities/app/queries'
import {
  automaticCommand,
  formatDoneAfter,
  outcomeWords,
  senderWords,
  type SenderWords,
} from '@contract/outcomes'
import { formatDateTime } from '@/lib/format'
import { paths } from '@/lib/paths'
import { currentLanguage } from '@/lib/i18n'
import { CHANGE_NAMES, type AutomaticCommand } from '@contract/commands'
import type { Activity, RecordedAction } from './schemas'

type Key = ParseKeys<'records'>
type Who = Exclude<SenderWords, 'automatic'>

function texts(action: RecordedAction | 'other') {
  return {
    byYou: `action.${action}.byYou`,
    byHelpdesk: `action.${action}.byHelpdesk`,
    byUser: `action.${action}.byUser`,
    byDeleted: `action.${action}.byDeleted`,
    by: `action.${action}.by`,
  } as const satisfies Record<Who, Key>
}

/**
 * The commands the portal sends by itself (contract/commands.ts, `automaticAfter`): never said to
 * be the sender's doing, though they went in the session that sent the command they follow. The
 * help desk, whose lines name the sender's account, is told which account that was.
 */
const AUTOMATIC_TEXTS = {
  locate: {
    plain: 'automatic.locate.plain',
    byYou: 'automatic.locate.byYou',
    byDeleted: 'automatic.locate.byDeleted',
    by: 'automatic.locate.by',
  },
} as const satisfies Record<AutomaticCommand, Record<'plain' | 'byYou' | 'byDeleted' | 'by', Key>>

/**
 * How the record ended, as a person would say it ("done: seen 4 s after sending"), in the words
 * the CSV uses too (outcomeWords).
 */
export function useOutcomeText() {
  const { t } = useTranslation('records')
  return (item: Activity): string => {
    if (item.outcome === 'done' && item.doneAfterMs !== null) {
      return t('outcome.doneAfter', {
        duration: formatDoneAfter(item.doneAfterMs, currentLanguage(), 'long'),
      })
    }
    return t(`outcome.${outcomeWords(item)}`)
  }
}

/** A command's or a change to a user's name, as the records keep it; else none the screen knows. */
function recordedAction(action: string): RecordedAction | 'other' {
  return CHANGE_NAMES.find((name) => name === action) ?? 'other'
}

export function useActionText() {
  const { t } = useTranslation('records')
  return (item: Activity, showAccount = false): string => {
    // Nobody asked for it: never "by you", though it went in the sender's session.
    const automatic = automaticCommand(item)
    if (automatic) {
      const words = AUTOMATIC_TEXTS[automatic]
      if (!showAccount) return t(words.plain)
      if (item.byYou) return t(words.byYou)
      if (item.accountDeleted) return t(words.byDeleted)
      return item.account ? t(words.by, { account: item.account }) : t(words.plain)
    }
    const who = senderWords(item, showAccount) as Who
    return t(texts(recordedAction(item.action))[who], { account: item.account ?? '' })
  }
}

function appNames(apps: App[]): ReadonlyMap<string, string> {
  return new Map(apps.map((app) => [app.id, app.displayname?.trim() || app.id]))
}

/**
 * "App: Secure Mail": the name of the app a record names by its id, from the app list the viewer may read (the
 * help desk's: the tenant's). An id means nothing to a person: an app no longer in the list is
 * said to be one, and nothing shows while the list loads.
 */
function useAppLine(id: unknown): string | undefined {
  const { t } = useTranslation('records')
  const names = useQuery({
    ...appListQuery(null),
    select: appNames,
    enabled: typeof id === 'string',
  })
  if (typeof id !== 'string' || !names.data) return undefined
  const name = names.data.get(id)
  return name ? t('details.app', { value: name }) : t('details.appUnknown')
}

/**
 * The harmless details kept with a command: its message, phone number, kind of erase, app; with
 * a change to a user, the address, name or user id asked for.
 */
function useDetailTexts(item: Activity): string[] {
  const { t } = useTranslation('records')
  const app = useAppLine(item.details.id)
  const { message, phonenumber, footnote, kind, email, firstname, lastname, sid } = item.details
  const lines: string[] = []
  // Whom an invitation or a deletion asked for: a refused one names no user but by these.
  if (typeof email === 'string') lines.push(t('details.email', { value: email }))
  const name = [firstname, lastname].filter((part) => typeof part === 'string').join(' ')
  if (name) lines.push(t('details.name', { value: name }))
  if (typeof sid === 'string') lines.push(t('details.sid', { value: sid }))
  if (typeof message === 'string') lines.push(t('details.message', { value: message }))
  if (typeof phonenumber === 'string') lines.push(t('details.phonenumber', { value: phonenumber }))
  if (typeof footnote === 'string') lines.push(t('details.footnote', { value: footnote }))
  if (kind === 'partial') lines.push(t('details.kindPartial'))
  if (kind === 'full') lines.push(t('details.kindFull'))
  if (kind === 'workProfile') lines.push(t('details.kindWorkProfile'))
  if (app) lines.push(app)
  return lines
}

/**
 * What the help desk's lists know of the tenant, for the lines of its activity: a user's name by
 * their sid (null for one the whole list no longer has: deleted), a device's name and owner by
 * its client id; undefined for one not (yet) known.
 */
export interface TenantNames {
  user: (sid: string) => string | null | undefined
  /** Whether the tenant's users are still arriving: a line keeps its owner's place meanwhile. */
  usersLoading: boolean
  device: (clientId: string) => { name: string; ownerSid: string | null } | undefined
}

/**
 * A record's device filed under an identifier that is no client id (`serialnumber:F2LX…`, a
 * device the service did not show the sender: server/sessions/records/commands.ts) has no page.
 */
function hasDevicePage(clientId: string): boolean {
  return clientId !== '' && !/^(clientid|imei|serialnumber):/.test(clientId)
}

/**
 * In the tenant's activity, which names many devices and users: the record's device and its
 * owner (or the user a change was filed under), each leading to their page in the help desk.
 * What the record does not know (a device the sender never opened) the tenant's lists say.
 */
function useSubjectParts(item: Activity, names: TenantNames): ReactNode[] {
  const { t } = useTranslation('records')
  const parts: ReactNode[] = []
  const known = hasDevicePage(item.clientId) ? names.device(item.clientId) : undefined
  const device = item.deviceName ?? known?.name ?? item.clientId
  if (hasDevicePage(item.clientId)) {
    parts.push(
      <Link key="device" to={paths.adminDevice(item.clientId)}>
        {device}
      </Link>,
    )
  } else if (device) {
    parts.push(device)
  }
  const ownerSid = item.ownerSid ?? known?.ownerSid
  const label = t(item.clientId === '' ? 'tenant.user' : 'tenant.owner')
  if (ownerSid) parts.push(ownerPart(label, ownerSid, names, t))
  return parts
}

/**
 * "Owner: Anna Berg", leading to the user's page. While the tenant's users arrive, the part's
 * place, kept so the line does not grow under the reader when the name comes; without the list
 * (it could not be read), the sid, which still leads to the user; one no longer listed, as deleted.
 */
function ownerPart(
  label: string,
  sid: string,
  names: TenantNames,
  t: TFunction<'records'>,
): ReactNode {
  const name = names.user(sid)
  // No longer in the tenant's list: deleted, with no page to lead to.
  if (name === null) return `${label} ${t('tenant.deletedUser')}`
  if (name === undefined && names.usersLoading) {
    return (
      <span key="owner" aria-hidden="true">
        {label} <span className="text-slot" />
      </span>
    )
  }
  return (
    <Fragment key="owner">
      {label} <Link to={paths.adminUser(sid)}>{name ?? sid}</Link>
    </Fragment>
  )
}

/** The details line: its parts apart by a dot, as the line above. */
function DetailsLine({ parts }: { parts: ReactNode[] }) {
  return (
    <p className="activity-details">
      <Dotted parts={parts} />
    </p>
  )
}

function LinkedDetails({
  item,
  names,
  texts,
}: {
  item: Activity
  names: TenantNames
  texts: string[]
}) {
  const parts = [...useSubjectParts(item, names), ...texts]
  return parts.length > 0 ? <DetailsLine parts={parts} /> : null
}

/** One record: "Locked by you · 2 Dec 2026, 14:02 · done: seen 4 s after sending", and its details. */
export function ActivityLine({
  item,
  showAccount = false,
  showDevice = false,
  names,
}: {
  item: Activity
  showAccount?: boolean
  /** In a list of several devices' records, each names its device first. */
  showDevice?: boolean
  /** In the tenant's activity: the device and its owner named with links to their pages. */
  names?: TenantNames
}) {
  const actionText = useActionText()
  const outcomeText = useOutcomeText()
  const detailTexts = useDetailTexts(item)
  // A change to a user names no device.
  const device = item.deviceName ?? item.clientId
  const details = [...(showDevice && device ? [device] : []), ...detailTexts]
  return (
    <>
      <p className="activity-line">
        <strong>{actionText(item, showAccount)}</strong>
        <Dot />
        <time dateTime={item.at.toISOString()}>{formatDateTime(item.at)}</time>
        <Dot />
        <span className={`activity-outcome activity-outcome--${item.outcome}`}>
          {outcomeText(item)}
        </span>
      </p>
      {names ? (
        <LinkedDetails item={item} names={names} texts={detailTexts} />
      ) : (
        details.length > 0 && <DetailsLine parts={details} />
      )}
    </>
  )
}
