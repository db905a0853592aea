import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import type { Device } from '../../../lib/api/schemas'
import { formatPercent } from '../../../lib/format'
import { isQuiet, LastContact, PendingBadges, StatusBadges } from '../device-badges'
import { platformOf } from '../device-kind'
import { OsIcon } from '../os-icon'
import { formatDeviceStorage, usedStorage } from '../storage'

/** The recovery code lets the owner end lost mode on an Android phone itself, once it is back. */
function RecoveryToken({ token }: { token: string }) {
  const { t } = useTranslation('devices')
  return (
    <div className="recovery">
      <p className="recovery__label">{t('actions.lostMode.recoveryLabel')}</p>
      <p className="recovery__token mono">{token}</p>
      <p className="recovery__hint">{t('actions.lostMode.recoveryHint')}</p>
    </div>
  )
}

/** The state at a glance: badges, last contact, battery and storage, and what needs attention. */
export function DeviceOverview({ device, now }: { device: Device; now: number }) {
  const { t } = useTranslation('devices')
  const storage = usedStorage(device)
  return (
    <div className="card overview">
      <div className="overview__head">
        <OsIcon platform={platformOf(device)} />
        <div className="device-card__badges">
          <StatusBadges device={device} />
          <PendingBadges device={device} />
        </div>
      </div>
      <dl className="overview__stats">
        <div>
          <dt>{t('list.lastContact')}</dt>
          <dd>
            <LastContact date={device.lastcontact} now={now} />
          </dd>
        </div>
        {device.batterylevel != null && (
          <div>
            <dt>{t('list.battery')}</dt>
            <dd>{formatPercent(device.batterylevel)}</dd>
          </div>
        )}
        {storage && (
          <div>
            <dt>{t('list.storage')}</dt>
            <dd>
              {t('storage.used', {
                used: formatDeviceStorage(storage.used),
                total: formatDeviceStorage(storage.total),
              })}
            </dd>
          </div>
        )}
      </dl>
      {isQuiet(device.lastcontact, now) && !device.wiped && (
        <Alert tone="warning" className="overview__alert">
          <p>{t('overview.quiet')}</p>
        </Alert>
      )}
      {device.lostmodeenabled && (
        <Alert tone="warning" className="overview__alert">
          <p>{t('overview.lostMode')}</p>
          {device.recoverytoken && <RecoveryToken token={device.recoverytoken} />}
        </Alert>
      )}
    </div>
  )
}
