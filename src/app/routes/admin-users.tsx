import { useLocation } from 'react-router'
import { UsersPage } from '../../features/admin/users-page'

function deletedName(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('deleted' in state)) return null
  return typeof state.deleted === 'string' ? state.deleted : null
}

export function Component() {
  const location = useLocation()
  return <UsersPage key={location.key} deleted={deletedName(location.state)} />
}
