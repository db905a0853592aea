import { useTranslation } from 'react-i18next'
import type { Device } from '@contract/schemas'
import { isRetired } from '@/entities/device/status'
import { formatPercent } from '@/lib/format'
import { LastContact } from './device-badges'
import { formatDeviceStorage, usedStorage } from './storage'

/** Last contact, battery and storage: the figures a card and a device's overview both show. */
export function DeviceStats({
  device,
  now,
  className,
  warnQuiet = true,
}: {
  device: Device
  now: number
  className: string
  /** Off where a warning in words stands next to the figures (the device's page). */
  warnQuiet?: boolean
}) {
  const { t } = useTranslation('devices')
  // A wiped device, or one whose management profile is gone, reports nothing any more: its last
  // figures (and the contact of its retirement, "now") would read as a device at work. Its
  // retirement is said in words instead, with its date.
  if (isRetired(device)) return null
  const storage = usedStorage(device)
  const battery = device.batterylevel
  return (
    <dl className={className}>
      <div>
        <dt>{t('list.lastContact')}</dt>
        <dd>
          <LastContact date={device.lastcontact} now={now} warn={warnQuiet} />
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
  )
}
