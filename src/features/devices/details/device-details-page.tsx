import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorState } from '../../../components/error-state'
import { Page } from '../../../components/page'
import { Skeleton } from '../../../components/skeleton'
import type { Device } from '../../../../contract/schemas'
import { paths } from '../../../lib/paths'
import { ActionPanel } from '../actions/action-panel'
import { deviceDetailQuery } from '../api'
import { isDeviceGone } from '../device-error'
import { deviceName } from '../../../lib/device'
import { HealthPanel } from '../health-summary'
import '../devices.css'
import { useNow } from '../../../lib/clock'
import { CopySupportDetails } from './copy-support-details'
import { DeviceFacts } from './device-facts'
import { DeviceLocation } from './device-location'
import { DeviceOverview, RecoveryToken } from './device-overview'
import { Notices } from './notices'
import { useDeviceNotices } from './use-notices'

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

function BackLink({ back }: { back: DeviceDetailsOptions['back'] }) {
  const { t } = useTranslation('devices')
  return (
    <p className="back-link">
      <Link to={back?.href ?? paths.devices()}>
        <span aria-hidden="true">← </span>
        {back?.label ?? t('details.back')}
      </Link>
    </p>
  )
}

/** A device's page with the device at hand; the server renders it too (src/first-screen). */
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
  const name = deviceName(device)
  return (
    <>
      <BackLink back={back} />
      <Page
        title={name}
        lead={[device.modelname, device.osname].filter(Boolean).join(' · ')}
        actions={
          <>
            {appsHref && (
              <Link className="button button--secondary" to={appsHref}>
                {t('details.apps')}
              </Link>
            )}
            <CopySupportDetails device={device} now={now} />
          </>
        }
      >
        {intro?.(device)}
        {/* What needs attention and the actions first: on a phone they are what the visit is for,
            the figures come after. */}
        <HealthPanel
          device={device}
          now={now}
          extra={device.recoverytoken && <RecoveryToken token={device.recoverytoken} />}
        />
        <section className="page-section" aria-labelledby="device-actions-title">
          <h2 id="device-actions-title">{t('actions.title')}</h2>
          <Notices
            notice={notices.notice}
            clientId={device.clientid}
            name={name}
            now={now}
            onDismiss={notices.dismiss}
          />
          <ActionPanel device={device} onSent={notices.sent} onFailed={notices.failed} />
        </section>
        <DeviceOverview device={device} now={now} />
        {sections?.(device)}
        <DeviceLocation device={device} now={now} />
        <DeviceFacts device={device} />
      </Page>
    </>
  )
}

/** A device's page: loading, gone (404), failed, or the device with its actions. */
export function DeviceDetailsPage({
  clientId,
  ...options
}: { clientId: string } & DeviceDetailsOptions) {
  const { t } = useTranslation('devices')
  const queryClient = useQueryClient()
  const query = useQuery(deviceDetailQuery(clientId, queryClient))

  if (isDeviceGone(query.error)) {
    return (
      <>
        <BackLink back={options.back} />
        <Page title={t('gone.title')} narrow>
          <p>{t('gone.body')}</p>
          <Link className="button button--primary" to={options.back?.href ?? paths.devices()}>
            {options.back?.label ?? t('gone.back')}
          </Link>
        </Page>
      </>
    )
  }
  if (query.data) return <DeviceDetails device={query.data} {...options} />
  if (query.isError) {
    return (
      <>
        <BackLink back={options.back} />
        <Page title={t('details.errorTitle')} narrow>
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Page>
      </>
    )
  }
  return (
    <Page title={t('details.loading')}>
      <Skeleton rows={4} />
    </Page>
  )
}
