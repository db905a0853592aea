import { useCallback, useEffect, useRef, useState } from 'react'
import type { Device } from '@contract/schemas'
import type { RequestKind } from '@/features/apps/app-status'
import { useChangeApp } from '@/features/apps/mutations'

/**
 * How long the panel's status region holds what it said of a request: long enough for a screen
 * reader to take the words (VoiceOver reads a region's change late), then it is empty again.
 */
export const SAID_FOR_MS = 5000

/** Where an app's last request of the panel stands: on its way, taken, or refused. */
export type Outcome =
  | { state: 'pending'; kind: RequestKind }
  | { state: 'sent'; kind: RequestKind }
  | { state: 'failed'; kind: RequestKind; error: unknown }

/** The request the service took last: what the panel's status region says, for a while. */
export interface Sent {
  appId: string
  kind: RequestKind
}

interface Requests {
  byApp: ReadonlyMap<string, Outcome>
  last: Sent | null
}

/**
 * The panel's requests, by app. They live here, not in the rows: the window list unmounts a row
 * scrolled away and makes it anew when it comes back, and that row must still show its request
 * on its way (its buttons pressed once, nothing sent twice), taken or refused with the service's
 * words. So the request is sent from here, and its answer heard here, whether or not its row is
 * on screen. One request per app at a time; different apps' requests may go together.
 */
export function usePanelRequests(device: Pick<Device, 'clientid'>) {
  // Its own side effects (following the device, the lists made stale) run as each request
  // settles; `mutateAsync` hands each call its own answer, which `mutate`'s callbacks do not once
  // another app's request has left.
  const { mutateAsync } = useChangeApp()
  const [requests, setRequests] = useState<Requests>(() => ({ byApp: new Map(), last: null }))
  // Read and written at once, before a render: a second press in the same moment sends nothing.
  const onItsWay = useRef(new Set<string>())
  const clientId = device.clientid

  const set = useCallback((appId: string, outcome: Outcome | null, last?: Sent | null) => {
    setRequests((old) => {
      const byApp = new Map(old.byApp)
      if (outcome) byApp.set(appId, outcome)
      else byApp.delete(appId)
      // A row's new request takes back what the region said of its last one; another row's stays.
      const kept = old.last?.appId === appId ? null : old.last
      return { byApp, last: last === undefined ? kept : last }
    })
  }, [])

  /** Sends a request of the app; true once the service took it, false if refused or dropped. */
  const request = useCallback(
    async (appId: string, kind: RequestKind): Promise<boolean> => {
      if (onItsWay.current.has(appId)) return false
      onItsWay.current.add(appId)
      set(appId, { state: 'pending', kind })
      try {
        await mutateAsync({ kind, appId, clientId })
        set(appId, { state: 'sent', kind }, { appId, kind })
        return true
      } catch (error) {
        set(appId, { state: 'failed', kind, error })
        return false
      } finally {
        onItsWay.current.delete(appId)
      }
    },
    [mutateAsync, clientId, set],
  )

  /** Lets a refusal go, as the agent turns to the app again (the uninstall dialog opens or closes). */
  const forgetFailure = useCallback((appId: string) => {
    setRequests((old) => {
      if (old.byApp.get(appId)?.state !== 'failed') return old
      const byApp = new Map(old.byApp)
      byApp.delete(appId)
      return { ...old, byApp }
    })
  }, [])

  const { last } = requests
  // The region speaks the last request's words and holds them a while, the row's copy hidden from
  // screen readers meanwhile (as the list's count does); then it lets them go, and the row's are
  // read where a listener reading the page meets them (among many rows, scrolled away and back).
  // Found once at every moment; an earlier request, no longer in the region, is read in its row.
  useEffect(() => {
    if (!last) return
    const timer = setTimeout(
      () => setRequests((old) => (old.last === last ? { ...old, last: null } : old)),
      SAID_FOR_MS,
    )
    return () => clearTimeout(timer)
  }, [last])

  return { byApp: requests.byApp, last, request, forgetFailure }
}
