import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorState } from '../../../components/error-state'
import { Page } from '../../../components/page'
import { Skeleton } from '../../../components/skeleton'
import type { Device } from '../../../lib/api/schemas'
import { paths } from '../../../lib/paths'
import { ActionPanel } from '../actions/action-panel'
import { deviceDetailQuery } from '../api'
import { isDeviceGone } from '../device-error'
import { deviceName } from '../device-kind'
import '../devices.css'
import { useNow } from '../use-now'
import { CopySupportDetails } from './copy-support-details'
import { DeviceFacts } from './device-facts'
import { DeviceLocation } from './device-location'
import { DeviceOverview } from './device-overview'
import { Notices } from './notices'
import { useDeviceNotices } from './use-notices'

function BackLink() {
  const { t } = useTranslation('devices')
  return (
    <p className="back-link">
      <Link to={paths.devices()}>
        <span aria-hidden="true">← </span>
        {t('details.back')}
      </Link>
    </p>
  )
}

function DeviceDetails({ device }: { device: Device }) {
  const { t } = useTranslation('devices')
  const now = useNow()
  const notices = useDeviceNotices(device)
  const name = deviceName(device)
  return (
    <>
      <BackLink />
      <Page
        title={name}
        lead={[device.modelname, device.osname].filter(Boolean).join(' · ')}
        actions={
          <>
            <Link className="button button--secondary" to={paths.apps(device.clientid)}>
              {t('details.apps')}
            </Link>
            <CopySupportDetails device={device} now={now} />
          </>
        }
      >
        <DeviceOverview device={device} now={now} />
        <section className="device-section" aria-labelledby="device-actions-title">
          <h2 id="device-actions-title">{t('actions.title')}</h2>
          <Notices notices={notices.notices} name={name} onDismiss={notices.dismiss} />
          <ActionPanel device={device} onSent={notices.sent} />
        </section>
        <DeviceLocation device={device} now={now} />
        <DeviceFacts device={device} />
      </Page>
    </>
  )
}

/** A device's page: loading, gone (404), failed, or the device with its actions. */
export function DeviceDetailsPage({ clientId }: { clientId: string }) {
  const { t } = useTranslation('devices')
  const queryClient = useQueryClient()
  const query = useQuery(deviceDetailQuery(clientId, queryClient))

  if (isDeviceGone(query.error)) {
    return (
      <>
        <BackLink />
        <Page title={t('gone.title')} narrow>
          <p>{t('gone.body')}</p>
          <Link className="button button--primary" to={paths.devices()}>
            {t('gone.back')}
          </Link>
        </Page>
      </>
    )
  }
  if (query.data) return <DeviceDetails device={query.data} />
  if (query.isError) {
    return (
      <>
        <BackLink />
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
