import { useMutationState } from '@tanstack/react-query'
import { useSingleFlightMutation } from '@/lib/single-flight-mutation'
import { apiRequest } from '@/lib/api/client'
import { appListAsked } from '@/entities/app/app-list-requests'
import { commandPath } from '@/entities/device'
import { emptyResultSchema, type Device } from '@contract/schemas'
import type { RequestKind } from '../model/app-status'
import { restartFollowing } from '@/entities/app/follow'
import { appKeys, markWaiting } from '@/entities/app/queries'

export interface AppChange {
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
    meta: { invalidates: [appKeys.lists(), appKeys.details()] },
  })
}

/**
 * What the user last asked for an app on a device in this session, so a pending status can say
 * "installing" or "removing" instead of "in progress".
 */
export function useRequestedChange(appId: string, clientId: string | null): RequestKind | null {
  const kinds = useMutationState({
    filters: {
      mutationKey: appKeys.changes(),
      predicate: ({ state: { variables } }) =>
        isAppChange(variables) && variables.appId === appId && variables.clientId === clientId,
    },
    select: ({ state: { variables } }) => (isAppChange(variables) ? variables.kind : null),
  })
  return kinds.at(-1) ?? null
}

/**
 * `device/requestapplist`: the device is asked to report its apps. Its answer shows in the
 * device's last contact, so the contact it had is what is remembered.
 */
export function useRequestAppList() {
  return useSingleFlightMutation({
    mutationFn: (device: Pick<Device, 'clientid' | 'lastcontact'>) =>
      apiRequest(commandPath('apps'), { clientid: device.clientid }, emptyResultSchema),
    onSuccess: (_data, device) => appListAsked(device.clientid, device.lastcontact),
  })
}
