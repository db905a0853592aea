import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useTextContext } from '@/features/devices/audience'
import type { Device } from '@contract/schemas'
import { PendingBadges, PendingSince, StatusBadges } from '@/features/devices/device-badges'
import { platformOf } from '@contract/platform'
import { DeviceStats } from '@/features/devices/device-stats'
import { OsIcon } from '@/features/devices/os-icon'

/** The recovery code lets the owner end lost mode on an Android phone itself, once it is back. */
export function RecoveryToken({ token }: { token: string }) {
  const { t } = useTranslation('devices')
  const context = useTextContext()
  return (
    <div className="recovery">
      <p className="recovery__label">{t('actions.lostMode.recoveryLabel')}</p>
      <p className="recovery__token mono">{token}</p>
      <p className="recovery__hint">{t('actions.lostMode.recoveryHint', { context })}</p>
    </div>
  )
}

/**
 * The state at a glance: badges, last contact, battery and storage, in a section with a heading
 * of its own ("At a glance"), seen as the page's other sections are: it follows the location (or
 * the actions), and without one a screen reader would take its facts as the location's.
 */
export function DeviceOverview({ device, now }: { device: Device; now: number }) {
  const { t } = useTranslation('devices')
  const titleId = useId()
  return (
    <section className="page-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('details.glance')}</h2>
      <Overview device={device} now={now} />
    </section>
  )
}

function Overview({ device, now }: { device: Device; now: number }) {
  return (
    <div className="card overview">
      <div className="overview__head">
        <OsIcon platform={platformOf(device)} />
        <div className="device-card__badges">
          <StatusBadges device={device} />
          <PendingBadges device={device} />
        </div>
      </div>
      <PendingSince device={device} now={now} />
      <DeviceStats
        device={device}
        now={now}
        className="overview__stats"
        // A managed device says it under "needs attention" above; a retired one needs no alarm.
        warnQuiet={false}
      />
    </div>
  )
}
