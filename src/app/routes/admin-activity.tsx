import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { TenantActivity } from '@/features/records/tenant-activity'
import { activityQuery } from '@/features/records/api'
import { userListQuery } from '@/features/admin/api'
import { userName } from '@/features/admin/user-name'
import { getConfig } from '@/lib/config'
import { startQuery } from '@/app/start-queries'

/** The tenant's activity, unfiltered as the screen opens, and the users its lines name. */
export function loader() {
  if (getConfig().records) {
    startQuery(activityQuery({}))
    startQuery(userListQuery())
  }
  return null
}

export function Component() {
  const users = useQuery({ ...userListQuery(), enabled: getConfig().records })
  // Looked up once per line: a tenant with thousands of users.
  const bySid = useMemo(
    () => new Map((users.data ?? []).map((user) => [user.sid, userName(user)])),
    [users.data],
  )
  const ownerName = useCallback((sid: string) => bySid.get(sid), [bySid])
  return <TenantActivity ownerName={ownerName} />
}
