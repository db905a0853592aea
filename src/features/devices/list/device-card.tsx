import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Device } from '../../../lib/api/schemas'
import { formatPercent } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { LastContact, PendingBadges, StatusBadges } from '../device-badges'
import { deviceName, platformOf } from '../device-kind'
import { OsIcon } from '../os-icon'
import { formatDeviceStorage, usedStorage } from '../storage'

/**
 * One device in the list; the whole card opens its page. A search hides cards rather than
 * removing them, and only the <li> re-renders then: its content is memoized.
 */
export function DeviceCard({
  device,
  now,
  hidden,
}: {
  device: Device
  now: number
  hidden: boolean
}) {
  return (
    <li className="card device-card" hidden={hidden}>
      <CardContent device={device} now={now} />
    </li>
  )
}

const CardContent = memo(function CardContent({ device, now }: { device: Device; now: number }) {
  const { t } = useTranslation('devices')
  const storage = usedStorage(device)
  const battery = device.batterylevel
  return (
    <>
      <OsIcon platform={platformOf(device)} />
      <div className="device-card__main">
        <h2 className="device-card__title">
          <Link to={paths.device(device.clientid)}>{deviceName(device)}</Link>
        </h2>
        <p className="device-card__model">
          {[device.modelname, device.osname].filter(Boolean).join(' · ')}
        </p>
        <div className="device-card__badges">
          <StatusBadges device={device} />
          <PendingBadges device={device} />
        </div>
        <dl className="device-card__stats">
          <div>
            <dt>{t('list.lastContact')}</dt>
            <dd>
              <LastContact date={device.lastcontact} now={now} />
            </dd>
          </div>
          {battery != null && (
            <div>
              <dt>{t('list.battery')}</dt>
              <dd className={battery < 20 ? 'battery battery--low' : 'battery'}>
                {formatPercent(battery)}
              </dd>
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
      </div>
    </>
  )
})
