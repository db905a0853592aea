import { useMutationState, useQuery } from '@tanstack/react-query'
import { useSingleFlightMutation } from '@/lib/single-flight-mutation'
import { apiRequest } from '@/lib/api/client'
import { appListAsked } from '@/entities/app/app-list-requests'
import { commandPath } from '@/entities/device/commands'
import { emptyResultSchema, type App, type Device } from '@contract/schemas'
import { DEVICE_HISTORIES_KEY, deviceHistoryQuery } from '@/entities/device/history'
import { getConfig } from '@/lib/config'
import { isWaiting, recordedChange, type RequestKind } from './app-status'
import { restartFollowing } from '@/entities/app/follow'
import { appKeys, markWaiting } from '@/entities/app/queries'

interface AppChange {
  kind: RequestKind
  appId: string
  clientId: string
}

function isAppChange(value: unknown): value is AppChange {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    (value.kind === 'install' || value.kind === 'uninstall') &&
    'appId' in value &&
    typeof value.appId === 'string' &&
    'clientId' in value &&
    typeof value.clientId === 'string'
  )
}

/**
 * Install or uninstall one app on one device. The service only accepts the command; the device
 * carries it out later, which the queries follow until the device answers.
 */
export function useChangeApp() {
  return useSingleFlightMutation({
    mutationKey: appKeys.changes(),
    mutationFn: ({ kind, appId, clientId }: AppChange) =>
      apiRequest(
        kind === 'install' ? 'app/install' : 'app/uninstall',
        { id: appId, clientid: clientId },
        emptyResultSchema,
      ),
    onSuccess: (_data, { appId, clientId }, _result, { client }) => {
      restartFollowing(clientId)
      markWaiting(client, appId, clientId)
    },
    // The device's history shows the request at once (the help desk's device page holds both).
    meta: { invalidates: [appKeys.lists(), appKeys.details(), DEVICE_HISTORIES_KEY] },
  })
}

/**
 * What was last asked for an app on a device, so that a pending status can say "installing" or
 * "uninstalling" rather than both: in this tab, else, for a pending app, as the portal's records
 * have it (after a reload, from another tab, by the help desk).
 */
export function useRequestedChange(
  app: Pick<App, 'id' | 'status'>,
  device: Pick<Device, 'clientid' | 'lastcontact'>,
): { kind: RequestKind | null; since: Date | null } {
  const kinds = useMutationState({
    filters: {
      mutationKey: appKeys.changes(),
      predicate: ({ state: { variables, status } }) =>
        isAppChange(variables) &&
        variables.appId === app.id &&
        variables.clientId === device.clientid &&
        status !== 'error',
    },
    // Plain values: the selection is compared deeply from one read to the next.
    select: ({ state: { variables, submittedAt } }) =>
      isAppChange(variables) ? { kind: variables.kind, at: submittedAt } : null,
  })
  const last = kinds.at(-1) ?? null
  // As the records are read: a request the device has been in contact since has reached it, and
  // what the app waits for is newer (the tab keeps its requests longer than that takes).
  const asked =
    last && !(device.lastcontact && device.lastcontact.getTime() >= last.at) ? last : null
  const recorded = useQuery({
    ...deviceHistoryQuery(device.clientid),
    enabled: getConfig().records && asked === null && isWaiting(app),
    select: (history) => recordedChange(history.activity, app.id, device.lastcontact),
  })
  if (asked) return { kind: asked.kind, since: new Date(asked.at) }
  return { kind: recorded.data?.kind ?? null, since: recorded.data?.at ?? null }
}

/**
 * `device/requestapplist`: the device is asked to report its apps. Its answer shows in the
 * device's last contact, so the contact it had is what is remembered.
 */
export function useRequestAppList() {
  return useSingleFlightMutation({
    mutationFn: (device: Pick<Device, 'clientid' | 'lastcontact'>) =>
      apiRequest(commandPath('appListRefresh'), { clientid: device.clientid }, emptyResultSchema),
    onSuccess: (_data, device) => appListAsked(device.clientid, device.lastcontact),
  })
}
