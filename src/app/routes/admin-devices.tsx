import { useTranslation } from 'react-i18next'
import { OwnersNotRead, useOwnerNames } from '@/features/admin/owner'
import { DeviceListScreen } from '@/features/devices/list/device-list-screen'
import { paths } from '@/lib/paths'
import { userListQuery } from '@/features/admin/api'
import { deviceListQuery } from '@/entities/device/queries'
import { startQuery } from '@/app/start-queries'
import { revalidateOnChangeOf } from '@/app/revalidate'
import { useScreenAhead } from '@/app/screen-ahead'

/** The loader reads nothing of the address: the search box's keystrokes do not run it again. */
export const shouldRevalidate = revalidateOnChangeOf()

/** The tenant's devices, and the users who own them. */
export function loader() {
  startQuery(deviceListQuery())
  startQuery(userListQuery())
  return null
}

/** Every device of the tenant: the employee's list, with each device's owner. */
export function Component() {
  useScreenAhead('adminDevice')
  const { t } = useTranslation('admin')
  const ownerOf = useOwnerNames()
  return (
    <DeviceListScreen
      title={t('devices.title')}
      lead={t('devices.lead')}
      searchLabel={t('devices.search')}
      deviceHref={paths.adminDevice}
      ownerOf={ownerOf}
      noMatchHint={t('devices.noMatchSearch')}
      notice={<OwnersNotRead />}
      pagingText={(counts) => t('devices.paging', counts)}
      empty={
        <div className="card empty-state">
          <h2>{t('devices.emptyTitle')}</h2>
          <p>{t('devices.emptyBody')}</p>
        </div>
      }
    />
  )
}
