import { useLocation } from 'react-router'
import { UsersScreen } from '@/features/admin/users-screen'
import { UserChanges } from '@/features/records/user-changes'
import { userListQuery } from '@/features/admin/api'
import { deviceListQuery } from '@/entities/device/queries'
import { startQuery } from '@/app/start-queries'
import { revalidateOnChangeOf } from '@/app/revalidate'
import { useScreenAhead } from '@/app/screen-ahead'

function deletedName(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('deleted' in state)) return null
  return typeof state.deleted === 'string' ? state.deleted : null
}

/** The loader reads nothing of the address: the search box's keystrokes do not run it again. */
export const shouldRevalidate = revalidateOnChangeOf()

/** The tenant's users, and their devices for the counts. */
export function loader() {
  startQuery(userListQuery())
  startQuery(deviceListQuery())
  return null
}

export function Component() {
  useScreenAhead('adminUser')
  const location = useLocation()
  return <UsersScreen deleted={deletedName(location.state)} sections={<UserChanges />} />
}
