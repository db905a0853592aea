import type { ReactNode } from 'react'
import { Dotted } from '@/components/dot'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Glyph } from '@/components/icons'
import type { Device } from '@contract/schemas'
import { formatAgo, formatDate, formatPercent } from '@/lib/format'
import { deviceName } from '@/entities/device/name'
import { isRetired } from '@/entities/device/status'
import { reachability } from '@/entities/device/waiting'
import { useAwaitingAppList } from '@/entities/app/app-list-requests'
import { actionState } from './availability'
import { useTextContext } from './audience'
import { HideToggle } from './hide-toggle'
import { paths } from '@/lib/paths'
import { pendingInSentence } from './device-badges'
import { deviceHealth, worstSeverity, type HealthIssue, type HealthKind } from './health'
import { formatDeviceStorage, usedStorage } from './storage'

const TITLE_KEYS = {
  passcode: 'health.passcode.title',
  quiet: 'health.quiet.title',
  lostMode: 'health.lostMode.title',
  battery: 'health.battery.title',
  storage: 'health.storage.title',
  pending: 'health.pending.title',
} as const satisfies Record<HealthKind, string>

const ADVICE_KEYS = {
  passcode: 'health.passcode.advice',
  quiet: 'health.quiet.advice',
  lostMode: 'health.lostMode.advice',
  battery: 'health.battery.advice',
  storage: 'health.storage.advice',
  pending: 'health.pending.advice',
} as const satisfies Record<HealthKind, string>

const SYMBOL = { critical: 'critical', warning: 'warning', info: 'waiting' } as const
// Each issue is an alert of its severity's colour, as every alert of the portal.
const ALERT = {
  critical: 'alert alert--error',
  warning: 'alert alert--warning',
  info: 'alert',
} as const

/** What to do about a quiet device that may be lost: only what this device can do. */
function ifLostKey(device: Device) {
  const lock = actionState(device, 'lock').available
  const lostMode = !device.lostmodeenabled && actionState(device, 'lostMode').available
  if (lock && lostMode) return 'health.quiet.ifLost.both'
  if (lostMode) return 'health.quiet.ifLost.lostMode'
  if (lock) return 'health.quiet.ifLost.lock'
  return null
}

/** The device's health, with the app list this browser is waiting for. */
function useDeviceHealth(device: Device, now: number): HealthIssue[] {
  return deviceHealth(device, now, useAwaitingAppList(device.clientid))
}

const PENDING_ADVICE = {
  unknown: 'health.pending.advice',
  online: 'health.pending.adviceOnline',
  seen: 'health.pending.adviceSeen',
} as const

function useIssueText(device: Device, now: number) {
  const { t } = useTranslation('devices')
  const context = useTextContext()
  const storage = usedStorage(device)
  const values = {
    level: device.batterylevel == null ? '' : formatPercent(device.batterylevel),
    free: storage ? formatDeviceStorage(storage.total - storage.used) : '',
  }
  const ifLost = ifLostKey(device)
  const waiting = (issue: HealthIssue) => pendingInSentence(device, t, issue.appList)
  return {
    title: (issue: HealthIssue) =>
      t(TITLE_KEYS[issue.kind], { ...values, count: waiting(issue).length }),
    advice: (issue: HealthIssue) => {
      const actions = waiting(issue).join(', ')
      const key =
        issue.kind === 'pending'
          ? PENDING_ADVICE[reachability(device, now)]
          : ADVICE_KEYS[issue.kind]
      const relative = device.lastcontact ? formatAgo(device.lastcontact, now) : ''
      const advice = t(key, { ...values, actions, relative, context })
      return issue.kind === 'quiet' && ifLost ? `${advice} ${t(ifLost, { context })}` : advice
    },
  }
}

/** "No longer managed: removed on 24 Oct 2026", from the device's last report. */
export function useRetiredSince() {
  const { t } = useTranslation('devices')
  return (device: Device) =>
    device.lastcontact
      ? t('retired.since', { date: formatDate(device.lastcontact) })
      : t('retired.title')
}

/** One line on a device card: what needs attention, most urgent first; nothing when all is well. */
export function HealthLine({ device, now }: { device: Device; now: number }) {
  const { t } = useTranslation('devices')
  const text = useIssueText(device, now)
  const retiredSince = useRetiredSince()
  const issues = useDeviceHealth(device, now)
  const severity = worstSeverity(issues)
  if (isRetired(device)) return <p className="health-line">{retiredSince(device)}</p>
  if (!severity) return null
  return (
    <p className={`health-line health-line--${severity}`}>
      <Glyph name={SYMBOL[severity]} />
      <strong>{t(severity === 'info' ? 'health.waiting' : 'health.title')}:</strong>{' '}
      <Dotted parts={issues.map(text.title)} />
    </p>
  )
}

/** A device retired on purpose: neutral words, the way back to work, and hiding it. */
function RetiredNotice({ device }: { device: Device }) {
  const { t } = useTranslation('devices')
  const context = useTextContext()
  const retiredSince = useRetiredSince()
  const name = deviceName(device)
  return (
    <section className="card retired" aria-labelledby="device-health-title">
      <h2 id="device-health-title" className="health__title">
        <Glyph name="info" />
        {retiredSince(device)}
      </h2>
      <p>{t(device.wiped ? 'retired.wiped' : 'retired.removed', { name, context })}</p>
      {!context && (
        <div className="retired__actions">
          <Link to={paths.enroll()}>{t('retired.enroll')}</Link>
          <HideToggle device={device} />
        </div>
      )}
    </section>
  )
}

/** On a device's page: each thing that needs attention with what to do about it. */
export function HealthPanel({
  device,
  now,
  extra,
}: {
  device: Device
  now: number
  /** Shown with the lost-mode item (the Android recovery code). */
  extra?: ReactNode
}) {
  const { t } = useTranslation('devices')
  const context = useTextContext()
  const text = useIssueText(device, now)
  const issues = useDeviceHealth(device, now)
  if (isRetired(device)) return <RetiredNotice device={device} />
  if (issues.length === 0) {
    return (
      <p className="health-ok">
        <Glyph name="check" />
        {t('health.allGood', { context })}
      </p>
    )
  }
  return (
    <section className="health" aria-labelledby="device-health-title">
      <h2 id="device-health-title" className="health__title">
        {/* Only what was sent is waiting: nothing needs the reader yet, as the device's card says. */}
        {t(worstSeverity(issues) === 'info' ? 'health.waiting' : 'health.title')}
      </h2>
      <ul className="health__list">
        {issues.map((issue) => (
          <li key={issue.kind} className={`${ALERT[issue.severity]} health__item`}>
            <p className="health__item-title">
              <Glyph name={SYMBOL[issue.severity]} />
              {text.title(issue)}
            </p>
            <p className="health__advice">{text.advice(issue)}</p>
            {issue.kind === 'lostMode' && extra}
          </li>
        ))}
      </ul>
    </section>
  )
}
