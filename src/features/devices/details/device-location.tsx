import { Suspense, useId, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Glyph } from '@/components/icons'
import { Alert } from '@/components/alert'
import type { Device, DeviceLocation as Position } from '@contract/schemas'
import { getConfig } from '@/lib/config'
import { formatAgo, formatDateTime, formatNumber } from '@/lib/format'
import { actionState } from '@/features/devices/availability'
import { useTextContext } from '@/features/devices/audience'
import { deviceName } from '@/entities/device/name'
import { isPending } from '@/entities/device/status'
import { useHelpdeskRole } from '@/entities/user/helpdesk-role'
import { HELPDESK_ACTIONS } from '@contract/helpdesk-roles'
import { lazyPart } from '@/lib/lazy-part'

// Leaflet and its sheet load only on a device's page, and only when there is a place to show.
const LocationMap = lazyPart(async () => ({
  default: (await import('./location-map')).LocationMap,
}))

/** The location's heading: "Show on the map" and "Lost?" on a device's card lead to it. */
export const LOCATION_ID = 'location'

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
  leads = false,
  offerLostMode,
}: {
  device: Device
  /** The device's location, or the last one this browser kept. */
  location: Position | null
  isKept: boolean
  now: number
  /** The section leads the page (lost mode): the map's place is kept while the place is asked. */
  leads?: boolean
  /** The user came to find the device: lost mode is offered here, where they landed. */
  offerLostMode?: () => void
}) {
  const { t } = useTranslation(['devices', 'common'])
  const tiles = getConfig().map
  // Per position: a new one gets a fresh try at the tiles.
  const [failed, setFailed] = useState<{ at: string; height?: number } | null>(null)
  const mapBox = useRef<HTMLDivElement>(null)
  const hintId = useId()
  const locate = actionState(device, 'locate')
  // A wiped or unmanaged device is explained once, under the actions.
  const locationReason =
    locate.reason === 'reasons.wiped' || locate.reason === 'reasons.unmanaged'
      ? null
      : locate.reason
  const coordinate = (value: number) => formatNumber(value, { maximumFractionDigits: 5 })
  const name = deviceName(device)
  const context = useTextContext()
  // Only to whom the help desk's role allows it; while the role is read it holds its place, inert.
  const role = useHelpdeskRole()
  const lostModeOffered =
    offerLostMode &&
    (role.reading || role.may('lostMode')) &&
    !device.lostmodeenabled &&
    actionState(device, 'lostMode').available
  const lostModeComing = isPending(device.actions.enablelostmode)
  // While the role is read, the map's frame holds the words of one who may ask, which on a phone
  // can be taller than the map: one who may not keeps that height, and nothing below moves.
  const frame = useRef<HTMLDivElement>(null)
  const [readHeight, setReadHeight] = useState<number>()
  useLayoutEffect(() => {
    if (role.reading && frame.current) setReadHeight(frame.current.getBoundingClientRect().height)
  }, [role.reading, device, t])
  const lostModeOffer = lostModeOffered && !lostModeComing && (
    <div className="location__offer" inert={role.reading} aria-busy={role.reading || undefined}>
      <p>{t('location.lostOffer', { name, context })}</p>
      <button type="button" className="button button--primary" onClick={offerLostMode}>
        {t('actions.lostMode.turnOn')}
      </button>
    </div>
  )
  const heading = (
    // "Show on the map" and "Lost?" bring the user here.
    <h2 id={LOCATION_ID} tabIndex={-1}>
      {t('location.title')}
    </h2>
  )

  if (!location) {
    const asking = locate.pending || (lostModeComing && leads)
    // What asks the device where it is: Locate, or lost mode where it tells its place only then.
    // While the role is read this person is taken to be one who may, as the actions are, so
    // that nothing moves for them; one who may not reads what is true for them once it is known.
    const asker = locate.reason === 'reasons.locateNeedsLostMode' ? 'lostMode' : 'locate'
    const mayAsk = role.reading || role.may(asker)
    const askable =
      asker === 'lostMode' ? actionState(device, 'lostMode').available : locate.available
    // The way to have the place asked is told only to whom it is open; the others, who can.
    const advice =
      (locate.available || asker === 'lostMode') && !mayAsk
        ? role.role &&
          `${t('location.notForRole', { as: t(`common:role.as.${role.role}`), name })} ${t(
            `common:role.ask.${HELPDESK_ACTIONS[asker]}`,
          )}`
        : locate.available
          ? t('location.useLocate')
          : locationReason && t(locationReason, { name })
    // The place will come: it is being asked, or this person can ask it.
    const coming = asking || (askable && mayAsk)
    const told = (
      <>
        <p className="location__none" aria-busy={role.reading || undefined}>
          {locate.pending
            ? t('location.asking', { name })
            : lostModeComing
              ? t('location.onceLost', { name })
              : `${t('location.none')} ${advice || ''}`.trim()}
        </p>
        {lostModeOffer}
      </>
    )
    return (
      <section className="page-section" aria-labelledby={LOCATION_ID}>
        {heading}
        <div className="card location">
          {leads && tiles ? (
            // The map's frame, the same for every role and while the role is read, so that
            // nothing moves when it is known: it holds what is known of the place until the
            // map can, never empty. What one whose place will not come reads is drawn anew,
            // not the reader's text moved (an element that appears is no shift).
            <div
              className="location__frame"
              key={String(coming)}
              ref={frame}
              style={coming ? undefined : { minHeight: readHeight }}
            >
              {asking ? (
                <span className="spinner" aria-hidden="true" />
              ) : (
                !coming && <Glyph name="pin" className="location__pin" />
              )}
              {told}
            </div>
          ) : (
            told
          )}
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
      name,
      latitude: coordinate(location.latitude),
      longitude: coordinate(location.longitude),
    }),
    recorded,
    accuracy,
  ]
    .filter(Boolean)
    .join('. ')

  return (
    <section className="page-section" aria-labelledby={LOCATION_ID}>
      {heading}
      <div className="card location">
        {lostModeOffer}
        {locate.pending && (
          <p className="location__time">
            <span className="spinner" aria-hidden="true" /> {t('location.asking', { name })}
          </p>
        )}
        {isKept && <p className="location__kept">{t('location.kept', { name })}</p>}
        {tiles &&
          (failed?.at === position ? (
            // The map's place, kept at the height the map had: nothing under it moves.
            <div className="location__frame" style={{ minHeight: failed.height }}>
              <Alert tone="warning" className="location__failed">
                <p>{t('map.failed')}</p>
              </Alert>
            </div>
          ) : (
            <div className="location-map" ref={mapBox}>
              <Suspense fallback={<div className="location-map__placeholder" />}>
                <LocationMap
                  latitude={location.latitude}
                  longitude={location.longitude}
                  tiles={tiles}
                  label={label}
                  describedBy={hintId}
                  onFail={() => setFailed({ at: position, height: mapBox.current?.offsetHeight })}
                />
              </Suspense>
              <p id={hintId} className="location-map__hint">
                {t('map.keys')}
              </p>
            </div>
          ))}
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
