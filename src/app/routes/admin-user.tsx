import { useParams, type LoaderFunctionArgs } from 'react-router'
import { UserScreen } from '@/features/admin/user-screen'
import { ActivitySearch } from '@/features/records/activity-search'
import { deviceName } from '@/entities/device/name'
import { DeviceCard } from '@/features/devices/list/device-card'
import { useNow } from '@/lib/clock'
import type { Device } from '@contract/schemas'
import { paths } from '@/lib/paths'
import '@/features/devices/devices.css'
import { userQuery } from '@/features/admin/api'
import { deviceListQuery } from '@/entities/device/queries'
import { startQuery } from '@/app/start-queries'

/** A user's devices as the employee list shows them, leading to the administrators' page. */
function UserDevices({ devices }: { devices: Device[] }) {
  const now = useNow()
  return (
    <ul className="device-list">
      {devices.map((device) => (
        <DeviceCard
          key={device.clientid}
          device={device}
          now={now}
          hidden={false}
          href={paths.adminDevice(device.clientid)}
        />
      ))}
    </ul>
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
      sections={(user) => <ActivitySearch sid={user.sid} />}
    />
  )
}
