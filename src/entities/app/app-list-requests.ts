import { useSyncExternalStore } from 'react'
import { session } from '@/lib/session'

/**
 * What the portal knows about asking a device for its app list (`device/requestapplist`).
 * The service accepts the command and says nothing more: the device answers when the push
 * reaches it, in seconds or in days. What shows that it did is its last contact moving past the
 * contact it had when it was asked, so the pages that wait for it report each read of the
 * device here (`noteDeviceRead`). Shared by the device page and the apps pages, kept in memory per device,
 * and forgotten when the session ends.
 */
interface AppListRequest {
  /** When the service accepted the request (this browser's clock). */
  askedAt: number
  /** The device's last contact before it was asked (the service's clock), or null. */
  contactBefore: number | null
  /** When the portal saw the device's answer (this browser's clock); null while waiting. */
  answeredAt: number | null
}

/** After this long without an answer the portal stops saying "any moment now". */
export const APP_LIST_SLOW_MS = 60_000

const requests = new Map<string, AppListRequest>()
const listeners = new Set<() => void>()
const answerListeners = new Set<(clientId: string) => void>()

function emit() {
  for (const listener of listeners) listener()
}

session.onEnd(() => {
  requests.clear()
  emit()
})

/** Called once the service accepted the request; `contactBefore` is the device's last contact. */
export function appListAsked(
  clientId: string,
  contactBefore: Date | null | undefined,
  at: number = Date.now(),
) {
  requests.set(clientId, {
    askedAt: at,
    contactBefore: contactBefore?.getTime() ?? null,
    answeredAt: null,
  })
  emit()
}

/** A read of a device, as a page shows it: a later contact than before is the device's answer. */
export function noteDeviceRead(
  device: { clientid: string; lastcontact?: Date | null },
  at: number = Date.now(),
) {
  const request = requests.get(device.clientid)
  const contact = device.lastcontact?.getTime()
  if (!request || request.answeredAt !== null || contact === undefined) return
  if (request.contactBefore !== null && contact <= request.contactBefore) return
  requests.set(device.clientid, { ...request, answeredAt: at })
  emit()
  for (const listener of answerListeners) listener(device.clientid)
}

export function appListRequest(clientId: string): AppListRequest | null {
  return requests.get(clientId) ?? null
}

export function isAwaitingAppList(clientId: string): boolean {
  const request = requests.get(clientId)
  return request !== undefined && request.answeredAt === null
}

/** Runs whenever a device answered a request; returns the unsubscribe function. */
export function onAppListAnswered(listener: (clientId: string) => void): () => void {
  answerListeners.add(listener)
  return () => {
    answerListeners.delete(listener)
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useAppListRequest(clientId: string | null): AppListRequest | null {
  // A page the server draws knows of no request.
  return useSyncExternalStore(
    subscribe,
    () => (clientId ? appListRequest(clientId) : null),
    () => null,
  )
}

/** Whether this browser waits for the device's app list; follows every change. */
export function useAwaitingAppList(clientId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isAwaitingAppList(clientId),
    () => false,
  )
}
