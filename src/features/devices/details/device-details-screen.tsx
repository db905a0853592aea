import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Dotted } from '@/components/dot'
import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { BackLink } from '@/components/back-link'
import { useFocusInView } from '@/lib/use-focus-in-view'
import { ErrorState } from '@/components/error-state'
import { Screen } from '@/components/screen'
import { Skeleton } from '@/components/skeleton'
import type { Device } from '@contract/schemas'
import { paths } from '@/lib/paths'
import { ActionPanel } from '@/features/devices/actions/action-panel'
import { deviceDetailQuery } from '@/entities/device/queries'
import { useTextContext } from '@/features/devices/audience'
import { isNoSuchEntity } from '@/lib/api/api-error'
import { deviceName } from '@/entities/device/name'
import { isPending, isRetired } from '@/entities/device/status'
import { type DeviceCommand, type DialogName } from '@/entities/device/commands'
import { draftDialogFor } from '@/entities/user/use-draft'
import { HealthPanel } from '@/features/devices/health-summary'
import { deviceHealth, worstSeverity } from '@/features/devices/health'
import '@/features/devices/devices.css'
import { useNow } from '@/lib/clock'
import { CopySupportDetails } from './copy-support-details'
import { DeviceFacts } from './device-facts'
import { DeviceLocation, LOCATION_ID } from './device-location'
import { DeviceOverview, RecoveryToken } from './device-overview'
import { RecordedFinderView } from './finder-view'
import { Notices } from './notices'
import { useDeviceNotices, type Notice } from './use-notices'
import { useKeptState } from './use-kept-state'
import { useLocateWhenLost } from './use-locate-when-lost'

/** The device's dialogs that keep a draft over an expired session. */
const DRAFTED = [
  'lock',
  'lostModeOn',
  'passcodeReset',
  'wipe',
] as const satisfies readonly DialogName[]

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
    return notice.key === 'done.locate' || notice.key === 'done.locateEmpty'
  }
  return notice.kind === 'failed' && notice.command === 'locate'
}

/** Brings the location into view and reading position, as a link to it would. */
function showLocation() {
  document.getElementById(LOCATION_ID)?.focus()
}

/**
 * Whether the location goes above the actions, right under the device's state, as Find My opens
 * on the map: while lost mode is on or on its way (the place is what matters then, and it is
 * asked for at once), when the user came to find the device ("Lost?" on its card), when a known
 * place comes with something that needs attention, and where the page opens with a location.
 * Otherwise a location that arrives while the page is open (after "Locate") shows where its
 * section already was, right below the actions, so the actions the user is reading do not move.
 */
function useLocationFirst(
  device: Device,
  now: number,
  { hasLocation, known, finding }: { hasLocation: boolean; known: boolean; finding: boolean },
): boolean {
  const [openedWithout, setOpenedWithout] = useState(false)
  if (known && !hasLocation && !openedWithout) setOpenedWithout(true)
  const lost = device.lostmodeenabled || isPending(device.actions.enablelostmode)
  const severity = worstSeverity(deviceHealth(device, now))
  const attention = severity === 'critical' || severity === 'warning'
  return lost || finding || (hasLocation && (attention || !openedWithout))
}

/**
 * The user came to find the device ("Lost?" on its card leads to its location): its section leads
 * and takes focus once the page is there, whether it drew at once or after the device came.
 */
function useFinding(): boolean {
  const { hash } = useLocation()
  const finding = hash === `#${LOCATION_ID}`
  useEffect(() => {
    if (finding) document.getElementById(LOCATION_ID)?.focus()
  }, [finding])
  return finding
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
  const finding = useFinding()
  const locationFirst = useLocationFirst(device, now, {
    hasLocation: kept.location !== null,
    known: kept.known,
    finding,
  })
  // A dialog left open when the session ended comes back after signing in again, as it was.
  const [dialog, setDialog] = useState<DialogName | null>(() =>
    draftDialogFor(device.clientid, DRAFTED),
  )
  useFocusInView()
  const noticeProps = {
    clientId: device.clientid,
    name,
    lastContact: device.lastcontact ?? null,
    now,
    onDismiss: notices.dismiss,
  }
  // The location asked for with lost mode is told by the location section, not as news that
  // would replace "Sent… waiting" for lost mode itself.
  const locateWhenLost = useLocateWhenLost(device, kept.noteSent, notices.failed)
  const sent = (command: DeviceCommand) => {
    kept.noteSent(command)
    locateWhenLost.noteSent(command)
    notices.sent(command)
  }
  const location = (
    <DeviceLocation
      device={device}
      location={kept.location}
      isKept={kept.isKept}
      now={now}
      leads={locationFirst}
      offerLostMode={finding ? () => startTransition(() => setDialog('lostModeOn')) : undefined}
    />
  )
  return (
    <>
      <BackToList back={back} />
      <Screen
        title={name}
        lead={
          device.modelname || device.osname ? (
            <Dotted parts={[device.modelname, device.osname]} />
          ) : undefined
        }
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
            dialog={dialog}
            onDialog={setDialog}
            onSent={sent}
            onFailed={notices.failed}
            noticeSent={
              notices.notice?.kind === 'waiting'
                ? { action: notices.notice.action, at: notices.notice.sentAt }
                : null
            }
            locateNews={
              <Notices
                notice={locating ? notices.notice : null}
                {...noticeProps}
                action={
                  notices.notice?.kind === 'done' &&
                  notices.notice.key === 'done.locate' &&
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
