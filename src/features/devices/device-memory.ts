/**
 * What this browser keeps about the account's devices, which the service does not return:
 * - the last location a device reported (an iPhone's goes when lost mode is turned off),
 * - what the finder reads on a device in lost mode, as this browser last sent it,
 * - the retired devices the user hid from the list, where the portal keeps no records (with
 *   records the account keeps them: hidden-devices.ts, which hands these over once).
 * Kept in localStorage under the signed-in account's id, so another account on the same browser
 * sees none of it. Storage is read as input: anything that does not parse is ignored.
 */
import { useQuery } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { z } from '@contract/zod'
import { currentUserQuery } from '@/entities/user/queries'

const locationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** Milliseconds since the epoch, or null when the device gave no time. */
  timestamp: z.nullable(z.number()),
  accuracy: z.nullable(z.number()),
})

const finderSchema = z.object({
  message: z.string(),
  phonenumber: z.string(),
  footnote: z.string(),
  sentAt: z.number(),
})

const memorySchema = z.object({
  locations: z.catch(z.record(z.string(), locationSchema), {}),
  finder: z.catch(z.record(z.string(), finderSchema), {}),
  hidden: z.catch(z.array(z.string()), []),
})

export type KeptLocation = z.infer<typeof locationSchema>
export type FinderText = z.infer<typeof finderSchema>
type DeviceMemory = z.infer<typeof memorySchema>

const EMPTY: DeviceMemory = { locations: {}, finder: {}, hidden: [] }
const keyOf = (account: string) => `mdm.devices.${account}`
const listeners = new Set<() => void>()
// One parsed copy per account, so that every read between two writes returns the same object.
const cache = new Map<string, DeviceMemory>()

export function readMemory(account: string): DeviceMemory {
  const cached = cache.get(account)
  if (cached) return cached
  let memory = EMPTY
  try {
    const parsed = memorySchema.safeParse(JSON.parse(localStorage.getItem(keyOf(account)) ?? '{}'))
    if (parsed.success) memory = parsed.data
  } catch {
    // No storage, or not JSON: nothing is kept.
  }
  cache.set(account, memory)
  return memory
}

/** Changes the account's memory; a change that returns the same object writes nothing. */
export function updateMemory(account: string, change: (memory: DeviceMemory) => DeviceMemory) {
  const before = readMemory(account)
  const after = change(before)
  if (after === before) return
  cache.set(account, after)
  try {
    localStorage.setItem(keyOf(account), JSON.stringify(after))
  } catch {
    // Private modes may refuse storage: the memory then lasts for this page only.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    // Another tab of the portal changed it.
    if (event.key?.startsWith('mdm.devices.')) {
      cache.clear()
      listener()
    }
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/**
 * The signed-in account's memory, and a function to change it; empty (and unchangeable) until
 * the account is known, and on the server.
 */
export function useDeviceMemory() {
  const account = useQuery(currentUserQuery()).data?.sid ?? null
  const memory = useSyncExternalStore(
    subscribe,
    () => (account ? readMemory(account) : EMPTY),
    () => EMPTY,
  )
  const update = useCallback(
    (change: (memory: DeviceMemory) => DeviceMemory) => {
      if (account) updateMemory(account, change)
    },
    [account],
  )
  return { memory, update, known: account !== null }
}

/** Without one member: the record as it was when the member is not there. */
export function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record
  const rest = { ...record }
  delete rest[key]
  return rest
}
