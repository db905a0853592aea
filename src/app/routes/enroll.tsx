import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { EnrollWizard } from '../../features/enrollment/components/enroll-wizard'
import { deviceListQuery } from '../../lib/api/queries/devices'
import { currentUserQuery } from '../../lib/api/queries/user'
import { queryClient } from '../query-client'

/**
 * The wizard needs the user record (managed Apple ID) before it can show anything; the device
 * list is only needed later, to recognise the new device, so it loads without holding the page.
 */
export async function loader() {
  void queryClient.prefetchQuery(deviceListQuery())
  await queryClient.ensureQueryData(currentUserQuery())
  return null
}

/** The wizard's steps live in the search params; moving between them needs no new loading. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

export function Component() {
  return <EnrollWizard />
}
