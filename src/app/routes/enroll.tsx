import { EnrollWizard } from '../../features/enrollment/components/enroll-wizard'
import { deviceListQuery } from '../../lib/api/queries/devices'
import { usePrefetch } from '../../lib/api/queries/prefetch'

/**
 * The wizard waits for the user record (managed Apple ID); the device list is needed only later,
 * to recognise the new device, so it is asked for alongside without holding the page.
 */
export function Component() {
  usePrefetch(deviceListQuery())
  return <EnrollWizard />
}
