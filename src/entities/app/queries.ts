import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { apiRequestAll, keepShortfall } from '@/lib/api/all-pages'
import { apiRequest } from '@/lib/api/client'
import { APP_STATUS, appInfoResultSchema, appListResultSchema, type App } from '@contract/schemas'
import { followInterval } from './follow'

/**
 * Query keys and options of the apps feature. Every value a request depends on is in its key:
 * the apps of the user (`clientId` null) and of one device are different lists. Icons and the
 * refresh memory live elsewhere, so invalidating `appKeys.all` never refetches an icon.
 */
export const appKeys = {
  all: ['apps'] as const,
  lists: () => [...appKeys.all, 'list'] as const,
  list: (clientId: string | null) => [...appKeys.lists(), { clientId }] as const,
  details: () => [...appKeys.all, 'detail'] as const,
  detail: (appId: string, clientId: string | null) =>
    [...appKeys.details(), appId, { clientId }] as const,
  changes: () => [...appKeys.all, 'change'] as const,
}

export function appListQuery(clientId: string | null) {
  return queryOptions({
    queryKey: appKeys.list(clientId),
    queryFn: async ({ signal, client, queryKey }) => {
      const result = await apiRequestAll(
        'app/list',
        clientId ? { clientid: clientId } : {},
        appListResultSchema,
        { signal },
      )
      keepShortfall(client, queryKey, result)
      return result.data
    },
    refetchInterval: (query) => followInterval(clientId, query.state.data),
    refetchIntervalInBackground: false,
  })
}

export function appQuery(appId: string, clientId: string | null) {
  return queryOptions({
    queryKey: appKeys.detail(appId, clientId),
    queryFn: async ({ signal }) => {
      const result = await apiRequest(
        'app/info',
        clientId ? { id: appId, clientid: clientId } : { id: appId },
        appInfoResultSchema,
        { signal },
      )
      return result.data
    },
    refetchInterval: (query) =>
      followInterval(clientId, query.state.data ? [query.state.data] : undefined),
    refetchIntervalInBackground: false,
  })
}

/**
 * Once the service accepted an install or uninstall, the app is waiting for the device: shown at
 * once in every cached view of it, so the buttons never offer the same action twice. The
 * invalidation that follows replaces this with what the service says.
 */
export function markWaiting(client: QueryClient, appId: string, clientId: string) {
  const waiting = (app: App): App =>
    app.id === appId
      ? { ...app, status: APP_STATUS.pending, statusdetails: 'WaitingForDeviceReply' }
      : app
  client.setQueryData(appListQuery(clientId).queryKey, (apps) => apps?.map(waiting))
  client.setQueryData(appQuery(appId, clientId).queryKey, (app) => app && waiting(app))
}
