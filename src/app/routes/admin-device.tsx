import { useTranslation } from 'react-i18next'
import { useParams, type LoaderFunctionArgs } from 'react-router'
import { OwnerSection } from '@/features/admin/owner'
import {
  AdminDeviceAppsSection,
  prepareAdminDeviceApps,
} from '@/features/apps/helpdesk/device-apps-section'
import { DeviceDetailsScreen } from '@/features/devices/details/device-details-screen'
import { DeviceHistorySection, prepareDeviceHistory } from '@/features/records/history-section'
import { paths } from '@/lib/paths'
import { userListQuery } from '@/features/admin/api'
import { deviceHistoryQuery } from '@/entities/device/history'
import { deviceQuery } from '@/entities/device/queries'
import { getConfig } from '@/lib/config'
import { startQuery } from '@/app/start-queries'

/** The device, its history where the portal keeps records, and the users to name its owner. */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.clientId) {
    startQuery(deviceQuery(params.clientId))
    if (getConfig().records) {
      startQuery(deviceHistoryQuery(params.clientId))
      prepareDeviceHistory()
    }
  }
  startQuery(userListQuery())
  prepareAdminDeviceApps()
  return null
}

/** A device of the tenant: the employee's page and actions, its owner, and its apps. */
export function Component() {
  const { t } = useTranslation('admin')
  const { clientId = '' } = useParams()
  return (
    <DeviceDetailsScreen
      key={clientId}
      clientId={clientId}
      back={{ href: paths.adminDevices(), label: t('devices.back') }}
      appsHref={null}
      intro={(device) => <OwnerSection device={device} />}
      sections={(device) => (
        <>
          <DeviceHistorySection
            device={device}
            showAccount
            activityHref={paths.adminActivity({ device: device.clientid })}
          />
          <AdminDeviceAppsSection device={device} />
        </>
      )}
    />
  )
}
