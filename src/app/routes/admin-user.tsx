import { useMemo } from 'react'
import { useParams, type LoaderFunctionArgs } from 'react-router'
import { UserScreen } from '@/features/admin/user-screen'
import { ActivitySearch } from '@/features/records/activity-search'
import { deviceName } from '@/entities/device/name'
import { DeviceCards } from '@/features/devices/list/device-cards'
import { useNow } from '@/lib/clock'
import type { Device } from '@contract/schemas'
import { paths } from '@/lib/paths'
import '@/features/devices/devices.css'
import { userQuery } from '@/features/admin/api'
import { deviceListQuery } from '@/entities/device/queries'
import { startQuery } from '@/app/start-queries'

/**
 * A user's devices as the employee list shows them, leading to the administrators' page; a long
 * list (a user who enrolled a whole shelf of devices) draws the cards on screen only, as the
 * tenant's list does.
 */
function UserDevices({ devices }: { devices: Device[] }) {
  const now = useNow()
  const entries = useMemo(() => devices.map((device) => ({ device, owner: undefined })), [devices])
  return (
    <DeviceCards
      indexed={entries}
      shown={entries}
      busy={false}
      now={now}
      deviceHref={paths.adminDevice}
      hideable={false}
      // Under the page's "Devices (3)".
      level={3}
    />
  )
}

/** The user, and the devices to find theirs among. */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.sid) startQuery(userQuery(params.sid))
  startQuery(deviceListQuery())
  return null
}

export function Component() {
  const { sid = '' } = useParams()
  return (
    <UserScreen
      key={sid}
      sid={sid}
      deviceName={deviceName}
      renderDevices={(devices) => <UserDevices devices={devices} />}
      sections={(user) => (
        <ActivitySearch sid={user.sid} activityHref={paths.adminActivity({ user: user.sid })} />
      )}
    />
  )
}
