import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BackLink } from '@/components/back-link'
import { useFocusInView } from '@/lib/use-focus-in-view'
import { ErrorState } from '@/components/error-state'
import { Screen } from '@/components/screen'
import { Skeleton } from '@/components/skeleton'
import type { Device } from '@contract/schemas'
import { paths } from '@/lib/paths'
import { ActionPanel } from '../actions/action-panel'
import { deviceDetailQuery } from '@/entities/device/queries'
import { useTextContext } from '../audience'
import { isNoSuchEntity } from '@/lib/api/api-error'
import { deviceName, isRetired } from '@/entities/device'
import { HealthPanel } from '../health-summary'
import '../devices.css'
import { useNow } from '@/lib/clock'
import { CopySupportDetails } from './copy-support-details'
import { DeviceFacts } from './device-facts'
import { DeviceLocation } from './device-location'
import { DeviceOverview, RecoveryToken } from './device-overview'
import { RecordedFinderView } from './finder-view'
import { Notices } from './notices'
import { useDeviceNotices, type Notice } from './use-notices'
import { useKeptState } from './use-kept-state'

/**
 * What another area (the administrators') changes about the page; the employee's by default:
 * back to "my devices", and a link to the device's apps.
 */
export interface DeviceDetailsOptions {
  /** Where "back" and "gone" lead, with the link's text. */
  back?: { href: string; label: string }
  /** The device's apps as a link in the header; null for none. */
  appsHref?: string | null
  /** A section before the actions (whose device it is). */
  intro?: (device: Device) => ReactNode
  /** More sections after the actions (the apps on the device). */
  sections?: (device: Device) => ReactNode
}

function BackToList({ back }: { back: DeviceDetailsOptions['back'] }) {
  const { t } = useTranslation('devices')
  return <BackLink to={back?.href ?? paths.devices()}>{back?.label ?? t('details.back')}</BackLink>
}

/** A notice about locating, which the Locate card shows where the user pressed its button. */
function isAboutLocating(notice: Notice | null): boolean {
  if (!notice) return false
  if (notice.kind === 'waiting') return notice.action === 'requestlocation'
  if (notice.kind === 'done') {
    return notice.key === 'done.requestlocation' || notice.key === 'done.requestlocationEmpty'
  }
  return notice.kind === 'failed' && notice.command === 'locate'
}

/** Brings the location into view and reading position, as a link to it would. */
function showLocation() {
  document.getElementById('device-location-title')?.focus()
}

/**
 * Whether the location goes above the actions: where the page opens with one. A location that
 * arrives while the page is open (after "Locate") shows where its section already was, right
 * below the actions, so the actions the user is reading do not move down.
 */
function useLocationFirst(hasLocation: boolean, known: boolean): boolean {
  const [openedWithout, setOpenedWithout] = useState(false)
  if (known && !hasLocation && !openedWithout) setOpenedWithout(true)
  return hasLocation && !openedWithout
}

/** A device's page with the device at hand; the server draws it too, before the portal starts. */
export function DeviceDetails({
  device,
  back,
  appsHref = paths.apps(device.clientid),
  intro,
  sections,
}: { device: Device } & DeviceDetailsOptions) {
  const { t } = useTranslation('devices')
  const now = useNow()
  const notices = useDeviceNotices(device)
  const kept = useKeptState(device, now)
  const name = deviceName(device)
  const locating = isAboutLocating(notices.notice)
  const locationFirst = useLocationFirst(kept.location !== null, kept.known)
  useFocusInView()
  const noticeProps = { clientId: device.clientid, name, now, onDismiss: notices.dismiss }
  const location = (
    <DeviceLocation device={device} location={kept.location} isKept={kept.isKept} now={now} />
  )
  return (
    <>
      <BackToList back={back} />
      <Screen
        title={name}
        lead={[device.modelname, device.osname].filter(Boolean).join(' · ')}
        actions={
          <>
            {appsHref && !isRetired(device) && (
              <Link className="button button--secondary" to={appsHref}>
                {t('details.apps')}
              </Link>
            )}
            <CopySupportDetails device={device} now={now} />
          </>
        }
      >
        {intro?.(device)}
        {/* What a lost device needs first: its state, then where it was, then the actions; the
            figures come after. */}
        <HealthPanel
          device={device}
          now={now}
          extra={
            <>
              <RecordedFinderView device={device} finder={kept.finder} now={now} />
              {device.recoverytoken && <RecoveryToken token={device.recoverytoken} />}
            </>
          }
        />
        {locationFirst && location}
        <section className="page-section" aria-labelledby="device-actions-title">
          <h2 id="device-actions-title">{t('actions.title')}</h2>
          <Notices notice={locating ? null : notices.notice} {...noticeProps} />
          <ActionPanel
            device={device}
            onSent={(command) => {
              kept.noteSent(command)
              notices.sent(command)
            }}
            onFailed={notices.failed}
            locateNews={
              <Notices
                notice={locating ? notices.notice : null}
                {...noticeProps}
                action={
                  notices.notice?.kind === 'done' &&
                  notices.notice.key === 'done.requestlocation' &&
                  kept.location && (
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={showLocation}
                    >
                      {t('location.showOnMap')}
                    </button>
                  )
                }
              />
            }
          />
        </section>
        {!locationFirst && location}
        <DeviceOverview device={device} now={now} />
        {sections?.(device)}
        <DeviceFacts device={device} />
      </Screen>
    </>
  )
}

/** A device's page: loading, gone (404), failed, or the device with its actions. */
export function DeviceDetailsScreen({
  clientId,
  ...options
}: { clientId: string } & DeviceDetailsOptions) {
  const { t } = useTranslation('devices')
  const context = useTextContext()
  const queryClient = useQueryClient()
  const query = useQuery(deviceDetailQuery(clientId, queryClient))
  // The page renders in slices when the device comes, the browser free between them (one task of
  // about 170 ms on the bench's mobile profile otherwise). The screen is keyed by the device.
  const device = useDeferredValue(query.data)

  if (isNoSuchEntity(query.error)) {
    return (
      <>
        <BackToList back={options.back} />
        <Screen title={t('gone.title')} narrow>
          <p>{t('gone.body', { context })}</p>
          <Link className="button button--primary" to={options.back?.href ?? paths.devices()}>
            {options.back?.label ?? t('gone.back')}
          </Link>
        </Screen>
      </>
    )
  }
  if (device) return <DeviceDetails device={device} {...options} />
  if (query.isError) {
    return (
      <>
        <BackToList back={options.back} />
        <Screen title={t('details.errorTitle')} narrow>
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Screen>
      </>
    )
  }
  return (
    <Screen title={t('details.loading')}>
      <Skeleton rows={4} />
    </Screen>
  )
}
