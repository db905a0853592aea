import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { TenantActivity } from '@/features/records/tenant-activity'
import type { TenantNames } from '@/features/records/activity-line'
import { activityPagesQuery } from '@/features/records/api'
import { userListQuery } from '@/features/admin/api'
import { userName } from '@/features/admin/user-name'
import { deviceName } from '@/entities/device/name'
import { deviceListQuery } from '@/entities/device/queries'
import { useListProgress } from '@/lib/api/all-pages'
import { getConfig } from '@/lib/config'
import { startQuery } from '@/app/start-queries'
import { queryClient } from '@/app/query-client'

/** The tenant's activity, unfiltered as the screen opens, and the users and devices it names. */
export function loader() {
  if (getConfig().records) {
    void queryClient.ensureInfiniteQueryData(activityPagesQuery({})).catch(() => undefined)
    startQuery(userListQuery())
    startQuery(deviceListQuery())
  }
  return null
}

export function Component() {
  const records = getConfig().records
  const users = useQuery({ ...userListQuery(), enabled: records })
  const devices = useQuery({ ...deviceListQuery(), enabled: records })
  // The users' pages arrive one after another: the list is whole once they all have.
  const progress = useListProgress(userListQuery().queryKey)
  const usersLoading = users.isFetching && (users.data === undefined || progress.arriving)
  const usersWhole = users.data !== undefined && !usersLoading && progress.missing === 0
  // Looked up once per line: a tenant with thousands of users and devices.
  const names = useMemo<TenantNames>(() => {
    const bySid = new Map((users.data ?? []).map((user) => [user.sid, userName(user)]))
    const byClientId = new Map(
      (devices.data ?? []).map((device) => [
        device.clientid,
        { name: deviceName(device), ownerSid: device.usersid ?? null },
      ]),
    )
    return {
      // Missing from the whole list: deleted. Missing from part of it: not known.
      user: (sid) => bySid.get(sid) ?? (usersWhole ? null : undefined),
      usersLoading,
      device: (clientId) => byClientId.get(clientId),
    }
  }, [users.data, devices.data, usersLoading, usersWhole])
  return <TenantActivity names={names} />
}
