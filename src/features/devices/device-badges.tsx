import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Glyph } from '@/components/icons'
import type { Device, DeviceActionName } from '@contract/schemas'
import { formatAgo, formatDateTime } from '@/lib/format'
import { useQuery } from '@tanstack/react-query'
import { deviceName } from '@/entities/device/name'
import { hasWorkProfile } from '@contract/platform'
import { commandOfMember, isPartialMember } from '@contract/commands'
import { isUnanswered, pendingSince } from '@/entities/device/waiting'
import { pendingActions } from '@/entities/device/status'
import { deviceHistoryQuery } from '@/entities/device/history'
import { getConfig } from '@/lib/config'
import type { Resources } from '@/lib/i18n'

const HOURS_48 = 48 * 3600_000

export function isQuiet(lastcontact: Date | null | undefined, now: number): boolean {
  return lastcontact != null && now - lastcontact.getTime() > HOURS_48
}

/** Managed or not, wiped, lost mode: the states that change what can be done. */
export function StatusBadges({ device }: { device: Device }) {
  const { t } = useTranslation('devices')
  const managed = device.managed !== false && !device.mdmprofileremoved
  return (
    <ul className="badges" aria-label={t('badges.label')}>
      {device.wiped ? (
        <li className="badge">{t('badges.wiped')}</li>
      ) : managed ? (
        <li className="badge badge--success">{t('badges.managed')}</li>
      ) : (
        <li className="badge">{t('badges.unmanaged')}</li>
      )}
      {device.lostmodeenabled && <li className="badge badge--warning">{t('badges.lostMode')}</li>}
    </ul>
  )
}

/**
 * The labels of the commands still waiting, as words of a list (without the badges' "…"), with
 * the app list this browser asked for when `appList`.
 */
export function pendingLabels(device: Device, t: TFunction<'devices'>, appList = false): string[] {
  const labels = pendingActions(device).map((name) => pendingLabel(device, name, t))
  if (appList) labels.push(t('pending.appListRefresh'))
  return labels.map(withoutEllipsis)
}

/**
 * The same labels where they stand inside a sentence ("what is waiting (locating) is carried
 * out…"): lower case where the language writes them so (`pending.inSentence.<command>`).
 */
export function pendingInSentence(
  device: Device,
  t: TFunction<'devices'>,
  appList = false,
): string[] {
  const keys: PendingKey[] = pendingActions(device).map((name) => pendingKey(device, name))
  if (appList) keys.push('appListRefresh')
  return keys.map((key) => t(`pending.inSentence.${key}`))
}

/** "Locking…": a waiting command as its badge names it (`pending.<command>`). */
function pendingLabel(device: Device, member: DeviceActionName, t: TFunction<'devices'>): string {
  return t(`pending.${pendingKey(device, member)}`)
}

type PendingKey = keyof Resources['devices']['pending']['inSentence']

function pendingKey(device: Device, member: DeviceActionName): PendingKey {
  const name = commandOfMember(member)
  if (name !== 'wipe') return name
  if (isPartialMember(member)) return 'wipePartial'
  return hasWorkProfile(device) ? 'wipeWorkProfile' : 'wipe'
}

function withoutEllipsis(label: string): string {
  return label.replace(/\s*…$/, '')
}

/** Commands that wait for the device to answer. */
export function PendingBadges({ device }: { device: Device }) {
  const { t } = useTranslation('devices')
  const pending = pendingActions(device)
  if (pending.length === 0) return null
  return (
    <ul className="badges" aria-label={t('pending.label')}>
      {pending.map((name) => (
        <li key={name} className="badge badge--info">
          <span className="pending-dot" aria-hidden="true" />
          {pendingLabel(device, name, t)}
        </li>
      ))}
    </ul>
  )
}

/** "12 minutes ago", with a warning when the device has been silent for more than 48 hours. */
export function LastContact({
  date,
  now,
  long = false,
  warn = true,
}: {
  date: Date | null | undefined
  now: number
  long?: boolean
  /** The "no contact for 48 hours" badge; off where the page already says so in words. */
  warn?: boolean
}) {
  const { t } = useTranslation('devices')
  if (!date) return <span>{t('lastContact.never')}</span>
  const relative = formatAgo(date, now)
  return (
    <span className={isQuiet(date, now) ? 'last-contact last-contact--quiet' : 'last-contact'}>
      <time dateTime={date.toISOString()}>
        {long ? t('lastContact.long', { relative, date: formatDateTime(date) }) : relative}
      </time>
      {warn && isQuiet(date, now) && (
        <span className="badge badge--warning">
          <Glyph name="warning" />
          {t('lastContact.quiet')}
        </span>
      )}
    </span>
  )
}

/**
 * Since when each waiting command waits, as the device's records know it: "Locking: sent 20
 * minutes ago", and after an hour that the device has not answered (it is off or offline), so a
 * command that never ages does not read as "any moment now". Nothing without records.
 */
export function PendingSince({ device, now }: { device: Device; now: number }) {
  const { t } = useTranslation('devices')
  const history = useQuery(deviceHistoryQuery(device.clientid, device))
  const activity = getConfig().records ? history.data?.activity : undefined
  if (!activity) return null
  const lines = pendingActions(device).flatMap((name) => {
    const since = pendingSince(activity, name)
    return since ? [{ name, since }] : []
  })
  if (lines.length === 0) return null
  return (
    <ul className="pending-since">
      {lines.map(({ name, since }) => (
        <li key={name}>
          {t(isUnanswered(since, now) ? 'pending.sinceLong' : 'pending.since', {
            action: withoutEllipsis(pendingLabel(device, name, t)),
            relative: formatAgo(since, now),
            time: formatDateTime(since),
            name: deviceName(device),
          })}
        </li>
      ))}
    </ul>
  )
}
