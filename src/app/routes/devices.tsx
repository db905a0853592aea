import { DeviceListPage } from '../../features/devices/list/device-list-page'

export function Component() {
  return <DeviceListPage />
}
