import {
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type Mutation,
} from '@tanstack/react-query'
import { useCallback, useEffect, useEffectEvent, useMemo } from 'react'
import { useSingleFlightMutation } from '@/lib/single-flight-mutation'
import { LIVE_AFTER_MS } from '@/components/live'
import { apiRequest } from '@/lib/api/client'
import { appListAsked } from '@/entities/app/app-list-requests'
import { commandPath } from '@/entities/device/commands'
import { emptyResultSchema, type App, type Device } from '@contract/schemas'
import { DEVICE_HISTORIES_KEY, deviceHistoryQuery } from '@/entities/device/history'
import { getConfig } from '@/lib/config'
import { isWaiting, recordedChange, type RequestKind } from './app-status'
import { restartFollowing } from '@/entities/app/follow'
import { appKeys, markWaiting } from '@/entities/app/queries'

export interface AppChange {
  kind: RequestKind
  appId: string
  clientId: string
}

/**
 * Where this tab's last request of an app on a device stands: on its way, taken, or refused. `id`
 * is the request's own (the mutation's), from one screen to the next.
 */
export type Outcome =
  | { state: 'pending'; kind: RequestKind; id: number }
  | { state: 'sent'; kind: RequestKind; id: number }
  | { state: 'failed'; kind: RequestKind; error: unknown; id: number }

/**
 * The requests whose answer has been said out loud, each once: by the screen there as it came
 * (its status region, wherever the app's row is), else by the next screen of the device to come.
 * Shown again (a later visit, a row made anew), it is only shown.
 * Kept with the requests themselves, so it goes with them (a refusal let go, the session's end).
 */
const said = new WeakSet<Mutation>()

/**
 * The apps on devices whose uninstall dialog is open: the dialog says their refusals, since the
 * page behind a modal dialog, its status region with it, is out of reach of screen readers.
 */
const inDialog = new Set<string>()
const dialogKey = ({ appId, clientId }: AppOnDevice) => `${clientId}\n${appId}`

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

type AppOnDevice = Pick<AppChange, 'appId' | 'clientId'>

/** A request of the same app on the same device. */
const sameApp = (change: AppOnDevice) => (mutation: Mutation) => {
  const { variables } = mutation.state
  return (
    isAppChange(variables) &&
    variables.appId === change.appId &&
    variables.clientId === change.clientId
  )
}

/**
 * Install or uninstall one app on one device. The service only accepts the command; the device
 * carries it out later, which the queries follow until the device answers.
 */
function useChangeApp() {
  return useMutation({
    mutationKey: appKeys.changes(),
    // Each request and its answer are the tab's until the session ends (which clears the cache):
    // a screen or a row made anew shows one on its way, taken or refused, however long ago it
    // was sent, rather than offering to send it again.
    gcTime: Infinity,
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
 * Sends an install or uninstall of an app on a device, unless one of the same app on the same
 * device is on its way from this tab: a second press, or a press on a screen or a row made anew
 * while the first travels, sends nothing. True if it was sent.
 */
export function useSendChange() {
  const client = useQueryClient()
  const { mutate } = useChangeApp()
  return useCallback(
    (change: AppChange) => {
      // The cache holds a request as on its way from the moment it is sent, before any render.
      if (client.isMutating({ mutationKey: appKeys.changes(), predicate: sameApp(change) }) > 0) {
        return false
      }
      mutate(change)
      return true
    },
    [client, mutate],
  )
}

function outcomeOf({ mutationId: id, state: { variables, status, error } }: Mutation) {
  if (!isAppChange(variables) || status === 'idle') return null
  const { appId, kind } = variables
  const outcome: Outcome =
    status === 'error'
      ? { state: 'failed', kind, error, id }
      : { state: status === 'pending' ? 'pending' : 'sent', kind, id }
  return { appId, outcome }
}

/** This tab's last request of each app on a device, by app, from whichever screen sent it. */
export function useChangeOutcomes(clientId: string): ReadonlyMap<string, Outcome> {
  const outcomes = useMutationState({
    filters: {
      mutationKey: appKeys.changes(),
      predicate: ({ state: { variables } }) =>
        isAppChange(variables) && variables.clientId === clientId,
    },
    // Compared deeply from one read to the next: an app's outcome stays the same object.
    select: outcomeOf,
  })
  // The cache keeps the requests in the order they were sent: an app's last one wins.
  return useMemo(
    () => new Map(outcomes.flatMap((each) => (each ? [[each.appId, each.outcome]] : []))),
    [outcomes],
  )
}

/**
 * Calls `onTaken` as the service takes a request of an app on the device, sent from whichever
 * screen of this tab, while the caller is on screen to show it.
 */
export function useChangeTaken(clientId: string, onTaken: (change: AppChange) => void) {
  const client = useQueryClient()
  const taken = useEffectEvent(onTaken)
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return
        const { variables } = event.mutation.state
        if (isAppChange(variables) && variables.clientId === clientId) taken(variables)
      }),
    [client, clientId],
  )
}

/**
 * How long a screen's status region holds what it said of a request: long enough for a screen
 * reader to take the words (VoiceOver reads a region's change late), then it is empty again, so
 * the same words said again are a change a screen reader hears.
 */
export const SAID_FOR_MS = 5000

/** A request of an app on a device that the service answered: taken, or refused. */
export type Answer = AppChange & ({ taken: true } | { taken: false; error: unknown })

/**
 * Calls `onNews` with the answers to requests of apps on the device that no screen of this tab
 * has said yet, whether the app is in view or not: first those that came while no screen of the
 * device was there (`meanwhile`, once the caller is there to say them), then each as it comes.
 * Only apps the caller `knows` (it can name them); null: not yet there.
 */
export function useAnswerNews(
  clientId: string | null,
  knows: (appId: string) => boolean,
  onNews: (answers: Answer[], meanwhile: boolean) => void,
) {
  const client = useQueryClient()
  const known = useEffectEvent(knows)
  const news = useEffectEvent(onNews)
  useEffect(() => {
    if (clientId === null) return
    const cache = client.getMutationCache()
    const unsaid = (mutations: Mutation[]) =>
      mutations.flatMap((mutation): Answer[] => {
        const { variables, status, error } = mutation.state
        if ((status !== 'success' && status !== 'error') || said.has(mutation)) return []
        if (!isAppChange(variables) || variables.clientId !== clientId) return []
        if (!known(variables.appId)) return []
        said.add(mutation)
        if (status === 'success') return [{ ...variables, taken: true }]
        return inDialog.has(dialogKey(variables)) ? [] : [{ ...variables, taken: false, error }]
      })
    // Those answered meanwhile wait until a live region made with the caller is heard.
    const timer = setTimeout(() => {
      const meanwhile = unsaid(cache.findAll({ mutationKey: appKeys.changes() }))
      if (meanwhile.length > 0) news(meanwhile, true)
    }, LIVE_AFTER_MS)
    const stop = cache.subscribe((event) => {
      if (event.type !== 'updated') return
      if (event.action.type !== 'success' && event.action.type !== 'error') return
      const answers = unsaid([event.mutation])
      if (answers.length > 0) news(answers, false)
    })
    return () => {
      clearTimeout(timer)
      stop()
    }
  }, [client, clientId])
}

/**
 * While an uninstall dialog of the app on the device is open, it says the app's refusals itself:
 * a screen's status region behind it would not be heard.
 */
export function useRefusalsSaidIn(open: boolean, change: AppOnDevice) {
  const key = dialogKey(change)
  useEffect(() => {
    if (!open) return
    inDialog.add(key)
    return () => void inDialog.delete(key)
  }, [open, key])
}

/** Lets a refusal of the app on the device go, as the user turns to the app again. */
export function useForgetRefusal() {
  const client = useQueryClient()
  return useCallback(
    (change: AppOnDevice) => {
      const cache = client.getMutationCache()
      const refused = cache.findAll({
        mutationKey: appKeys.changes(),
        status: 'error',
        predicate: sameApp(change),
      })
      for (const mutation of refused) cache.remove(mutation)
    },
    [client],
  )
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
