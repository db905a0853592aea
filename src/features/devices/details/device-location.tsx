import { useTranslation } from 'react-i18next'
import type { Device } from '../../../lib/api/schemas'
import { formatDateTime, formatNumber } from '../../../lib/format'
import { formatAgo } from '../device-badges'
import { actionState } from '../availability'
import { deviceName } from '../device-kind'

export function mapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(5)
  const lon = longitude.toFixed(5)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`
}

/** The last known position with its time, and a link to see it on a map (no embedded map). */
export function DeviceLocation({ device, now }: { device: Device; now: number }) {
  const { t } = useTranslation('devices')
  const { location } = device
  const locate = actionState(device, 'locate')
  // A wiped or unmanaged device is explained once, under the actions.
  const locationReason =
    locate.reason === 'reasons.wiped' || locate.reason === 'reasons.unmanaged'
      ? null
      : locate.reason
  const coordinate = (value: number) => formatNumber(value, { maximumFractionDigits: 5 })

  return (
    <section className="device-section" aria-labelledby="device-location-title">
      <h2 id="device-location-title">{t('location.title')}</h2>
      <div className="card location">
        {location ? (
          <>
            <dl className="location__coords">
              <div>
                <dt>{t('location.latitude')}</dt>
                <dd>{coordinate(location.latitude)}</dd>
              </div>
              <div>
                <dt>{t('location.longitude')}</dt>
                <dd>{coordinate(location.longitude)}</dd>
              </div>
            </dl>
            {location.timestamp && (
              <p className="location__time">
                {t('location.recorded', {
                  relative: formatAgo(location.timestamp, now),
                  date: formatDateTime(location.timestamp),
                })}
              </p>
            )}
            <a
              className="button button--secondary"
              href={mapUrl(location.latitude, location.longitude)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('location.openMap')}
              <span className="visually-hidden">{t('location.newTab')}</span>
              <span aria-hidden="true">↗</span>
            </a>
          </>
        ) : (
          <p className="location__none">
            {t('location.none')}{' '}
            {locate.pending
              ? t('location.waiting')
              : locate.available
                ? t('location.useLocate')
                : locationReason && t(locationReason, { name: deviceName(device) })}
          </p>
        )}
      </div>
    </section>
  )
}
