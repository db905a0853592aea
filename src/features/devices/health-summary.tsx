import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Device } from '../../../contract/schemas'
import { formatPercent } from '../../lib/format'
import { paths } from '../../lib/paths'
import { pendingLabels } from './device-badges'
import { deviceHealth, worstSeverity, type HealthIssue, type HealthKind } from './health'
import { formatDeviceStorage, usedStorage } from './storage'

const TITLE_KEYS = {
  profileRemoved: 'health.profileRemoved.title',
  passcode: 'health.passcode.title',
  quiet: 'health.quiet.title',
  lostMode: 'health.lostMode.title',
  battery: 'health.battery.title',
  storage: 'health.storage.title',
  pending: 'health.pending.title',
} as const satisfies Record<HealthKind, string>

const ADVICE_KEYS = {
  profileRemoved: 'health.profileRemoved.advice',
  passcode: 'health.passcode.advice',
  quiet: 'health.quiet.advice',
  lostMode: 'health.lostMode.advice',
  battery: 'health.battery.advice',
  storage: 'health.storage.advice',
  pending: 'health.pending.advice',
} as const satisfies Record<HealthKind, string>

const SYMBOL = { critical: '⛔', warning: '⚠', info: '⏳' } as const
// Each issue is an alert of its severity's colour (src/styles/feedback.css).
const ALERT = {
  critical: 'alert alert--error',
  warning: 'alert alert--warning',
  info: 'alert',
} as const

function useIssueText(device: Device) {
  const { t } = useTranslation('devices')
  const storage = usedStorage(device)
  const values = {
    level: device.batterylevel == null ? '' : formatPercent(device.batterylevel),
    free: storage ? formatDeviceStorage(storage.total - storage.used) : '',
  }
  const pending = pendingLabels(device, t).join(', ')
  return {
    title: (issue: HealthIssue) =>
      t(TITLE_KEYS[issue.kind], { ...values, count: issue.pending?.length ?? 0 }),
    advice: (issue: HealthIssue) => t(ADVICE_KEYS[issue.kind], { ...values, actions: pending }),
  }
}

/** One line on a device card: what needs attention, most urgent first; nothing when all is well. */
export function HealthLine({ device, now }: { device: Device; now: number }) {
  const { t } = useTranslation('devices')
  const text = useIssueText(device)
  const issues = deviceHealth(device, now)
  const severity = worstSeverity(issues)
  if (!severity) return null
  return (
    <p className={`health-line health-line--${severity}`}>
      <span aria-hidden="true">{SYMBOL[severity]} </span>
      <strong>{t(severity === 'info' ? 'health.waiting' : 'health.title')}:</strong>{' '}
      {issues.map(text.title).join(' · ')}
    </p>
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
  const text = useIssueText(device)
  const issues = deviceHealth(device, now)
  if (issues.length === 0) {
    if (device.wiped) return null
    return (
      <p className="health-ok">
        <span aria-hidden="true">✓ </span>
        {t('health.allGood')}
      </p>
    )
  }
  return (
    <section className="health" aria-labelledby="device-health-title">
      <h2 id="device-health-title" className="health__title">
        {t('health.title')}
      </h2>
      <ul className="health__list">
        {issues.map((issue) => (
          <li key={issue.kind} className={`${ALERT[issue.severity]} health__item`}>
            <p className="health__item-title">
              <span aria-hidden="true">{SYMBOL[issue.severity]} </span>
              {text.title(issue)}
            </p>
            <p className="health__advice">{text.advice(issue)}</p>
            {issue.kind === 'profileRemoved' && (
              <Link to={paths.enroll()}>{t('health.profileRemoved.enroll')}</Link>
            )}
            {issue.kind === 'lostMode' && extra}
          </li>
        ))}
      </ul>
    </section>
  )
}
