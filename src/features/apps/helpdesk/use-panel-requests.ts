import { useCallback, useEffect, useState } from 'react'
import type { App, Device } from '@contract/schemas'
import type { RequestKind } from '@/features/apps/app-status'
import {
  useAnswerNews,
  useChangeOutcomes,
  useForgetRefusal,
  useSendChange,
  SAID_FOR_MS,
  type Answer,
} from '@/features/apps/mutations'

/** Leaves out what the region says of the app's request. */
const without = (appId: string) => (old: readonly Answer[]) =>
  old.some((answer) => answer.appId === appId)
    ? old.filter((answer) => answer.appId !== appId)
    : old

/**
 * The panel's requests, by app. They are the tab's, not the rows' nor the panel's: the window
 * list unmounts a row scrolled away and makes it anew when it comes back, and the panel goes with
 * the device's page; either, made anew, must still show a request on its way (its buttons pressed
 * once, nothing sent twice), taken or refused with the service's words. One request per app at a
 * time; different apps' requests may go together.
 */
export function usePanelRequests(device: Pick<Device, 'clientid'>, apps: readonly App[]) {
  const clientId = device.clientid
  const byApp = useChangeOutcomes(clientId)
  const send = useSendChange()
  const forget = useForgetRefusal()
  // What the region says: the answer the service gave last (taken or refused), or those it gave
  // while the panel was away, as it comes back; each said once, whichever panel of the tab is
  // there, and whether its row is in view or not.
  const [news, setNews] = useState<readonly Answer[]>([])
  useAnswerNews(
    clientId,
    (appId) => apps.some((app) => app.id === appId),
    (answers) => setNews(answers),
  )

  /** Sends a request of the app, unless one is on its way. */
  const request = useCallback(
    (appId: string, kind: RequestKind) => {
      // A row's new request takes back what the region said of its last one; another row's stays.
      if (send({ kind, appId, clientId })) setNews(without(appId))
    },
    [send, clientId],
  )

  /** Lets a refusal go, as the agent turns to the app again (the uninstall dialog opens or closes). */
  const forgetFailure = useCallback(
    (appId: string) => {
      forget({ appId, clientId })
      setNews(without(appId))
    },
    [forget, clientId],
  )

  // The region speaks the last answers' words and holds them a while, the row's copy hidden from
  // screen readers meanwhile (as the list's count does); then it lets them go, and the row's are
  // read where a listener reading the page meets them (among many rows, scrolled away and back).
  // Found once at every moment; an earlier answer, no longer in the region, is read in its row.
  useEffect(() => {
    if (news.length === 0) return
    const timer = setTimeout(() => setNews((old) => (old === news ? [] : old)), SAID_FOR_MS)
    return () => clearTimeout(timer)
  }, [news])

  return { byApp, news, request, forgetFailure }
}
