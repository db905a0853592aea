import { usePrefetchQuery } from '@tanstack/react-query'
import { EnrollWizard } from '../../features/enrollment/components/enroll-wizard'
import { deviceListQuery } from '../../lib/api/queries/devices'

/**
 * The wizard waits for the user record (managed Apple ID); the device list is needed only later,
 * to recognise the new device, so it is asked for alongside without holding the page.
 */
export function Component() {
  usePrefetchQuery(deviceListQuery())
  return <EnrollWizard />
}
