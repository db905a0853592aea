import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { LoaderFunctionArgs } from 'react-router'
import { TenantActivity } from '@/features/records/tenant-activity'
import type { TenantNames } from '@/features/records/activity-line'
import { activityPagesQuery } from '@/features/records/api'
import { readActivityFilters, toActivityFilter } from '@/features/records/activity-address'
import { userListQuery } from '@/features/admin/api'
import { userName } from '@/features/admin/user-name'
import { deviceName } from '@/entities/device/name'
import { deviceListQuery } from '@/entities/device/queries'
import { useListProgress } from '@/lib/api/all-pages'
import { getConfig } from '@/lib/config'
import { startQuery } from '@/app/start-queries'
import { queryClient } from '@/app/query-client'
import { revalidateOnChangeOf } from '@/app/revalidate'

/**
 * The loader reads the filters of the address it opens at; a change of them on the screen is the
 * screen's query's to follow (and Back's, and a link's to this same screen): not run again.
 */
export const shouldRevalidate = revalidateOnChangeOf()

/** The tenant's activity as the address filters it, and the users and devices it names. */
export function loader({ request }: LoaderFunctionArgs) {
  if (getConfig().records) {
    const filters = readActivityFilters(new URL(request.url).searchParams)
    void queryClient
      .ensureInfiniteQueryData(activityPagesQuery(toActivityFilter(filters)))
      .catch(() => undefined)
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
