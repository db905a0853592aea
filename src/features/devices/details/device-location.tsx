import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Glyph } from '@/components/icons'
import { Alert } from '@/components/alert'
import type { Device, DeviceLocation as Position } from '@contract/schemas'
import { getConfig } from '@/lib/config'
import { formatDateTime, formatNumber } from '@/lib/format'
import { actionState } from '../availability'
import { formatAgo } from '../device-badges'
import { deviceName } from '@/entities/device'

// Leaflet and its sheet load only on a device's page, and only when there is a place to show.
const LocationMap = lazy(() =>
  import('./location-map').then((module) => ({ default: module.LocationMap })),
)

export function mapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(5)
  const lon = longitude.toFixed(5)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`
}

/**
 * The last known position: on a map where the server has a tile server (getConfig().map), and
 * always as coordinates with their age, the accuracy when the service gives one, and a link to
 * OpenStreetMap, which are also what remains when the tiles cannot be loaded.
 */
export function DeviceLocation({
  device,
  location,
  isKept,
  now,
}: {
  device: Device
  /** The device's location, or the last one this browser kept. */
  location: Position | null
  isKept: boolean
  now: number
}) {
  const { t } = useTranslation('devices')
  const tiles = getConfig().map
  // Per position: a new one gets a fresh try at the tiles.
  const [failedAt, setFailedAt] = useState<string | null>(null)
  const locate = actionState(device, 'locate')
  // A wiped or unmanaged device is explained once, under the actions.
  const locationReason =
    locate.reason === 'reasons.wiped' || locate.reason === 'reasons.unmanaged'
      ? null
      : locate.reason
  const coordinate = (value: number) => formatNumber(value, { maximumFractionDigits: 5 })

  if (!location) {
    return (
      <section className="page-section" aria-labelledby="device-location-title">
        <h2 id="device-location-title">{t('location.title')}</h2>
        <div className="card location">
          <p className="location__none">
            {t('location.none')}{' '}
            {locate.pending
              ? t('location.waiting')
              : locate.available
                ? t('location.useLocate')
                : locationReason && t(locationReason, { name: deviceName(device) })}
          </p>
        </div>
      </section>
    )
  }

  const position = `${location.latitude},${location.longitude}`
  const recorded =
    location.timestamp &&
    t('location.recorded', {
      relative: formatAgo(location.timestamp, now),
      date: formatDateTime(location.timestamp),
    })
  const accuracy =
    location.accuracy != null &&
    t('location.accuracy', {
      distance: formatNumber(location.accuracy, {
        style: 'unit',
        unit: location.accuracy >= 1000 ? 'kilometer' : 'meter',
        maximumFractionDigits: location.accuracy >= 1000 ? 1 : 0,
      }),
    })
  const label = [
    t('map.label', {
      name: deviceName(device),
      latitude: coordinate(location.latitude),
      longitude: coordinate(location.longitude),
    }),
    recorded,
    accuracy,
  ]
    .filter(Boolean)
    .join('. ')

  return (
    <section className="page-section" aria-labelledby="device-location-title">
      {/* "Show on the map" (by the Locate button) brings the user here. */}
      <h2 id="device-location-title" tabIndex={-1}>
        {t('location.title')}
      </h2>
      <div className="card location">
        {isKept && (
          <p className="location__kept">{t('location.kept', { name: deviceName(device) })}</p>
        )}
        {tiles && failedAt !== position && (
          <Suspense fallback={<div className="location-map__placeholder" />}>
            <LocationMap
              latitude={location.latitude}
              longitude={location.longitude}
              tiles={tiles}
              label={label}
              onFail={() => setFailedAt(position)}
            />
          </Suspense>
        )}
        {tiles && failedAt === position && (
          <Alert tone="warning" className="location__failed">
            <p>{t('map.failed')}</p>
          </Alert>
        )}
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
        {recorded && <p className="location__time">{recorded}</p>}
        {accuracy && <p className="location__time">{accuracy}</p>}
        <a
          className="button button--secondary"
          href={mapUrl(location.latitude, location.longitude)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('location.openMap')}
          <span className="visually-hidden">{t('location.newTab')}</span>
          <Glyph name="external" />
        </a>
      </div>
    </section>
  )
}
