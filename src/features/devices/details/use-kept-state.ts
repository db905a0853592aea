import { useEffect } from 'react'
import type { Device, DeviceLocation } from '@contract/schemas'
import { isPending, isRetired } from '@/entities/device/status'
import type { DeviceCommand } from '@/entities/device/commands'
import { useDeviceMemory, without, type KeptLocation } from '@/features/devices/device-memory'

/** How long a text just sent is kept before a read that shows lost mode off can drop it. */
const SETTLE_MS = 60_000

function sameLocation(kept: KeptLocation | undefined, location: DeviceLocation): boolean {
  return (
    kept !== undefined &&
    kept.latitude === location.latitude &&
    kept.longitude === location.longitude &&
    kept.timestamp === (location.timestamp?.getTime() ?? null)
  )
}

/**
 * What a device's page shows beyond the service's answer, from this browser's memory
 * (device-memory.ts): the last location the device reported, once the service no longer gives it
 * (an iPhone's goes with lost mode), and what the finder reads while lost mode is on.
 */
export function useKeptState(device: Device, now: number) {
  const { memory, update, known } = useDeviceMemory()
  const id = device.clientid
  const reported = device.location ?? null
  const kept = memory.locations[id]
  const finder = memory.finder[id]
  // Lost mode is off and not on its way: what the finder read is gone from the screen. Just after
  // sending, the page may still hold the read from before the command (its pending state arrives
  // a moment later), so a text sent moments ago stays.
  const lostModeOff = !device.lostmodeenabled && !isPending(device.actions.enablelostmode)
  const lostModeOver = lostModeOff && finder !== undefined && now - finder.sentAt > SETTLE_MS

  useEffect(() => {
    if (!reported || sameLocation(kept, reported)) return
    const location: KeptLocation = {
      latitude: reported.latitude,
      longitude: reported.longitude,
      timestamp: reported.timestamp?.getTime() ?? null,
      accuracy: reported.accuracy ?? null,
    }
    update((current) => ({ ...current, locations: { ...current.locations, [id]: location } }))
  }, [reported, kept, id, update])

  useEffect(() => {
    if (!lostModeOver) return
    update((current) => ({ ...current, finder: without(current.finder, id) }))
  }, [lostModeOver, id, update])

  const keptLocation: DeviceLocation | null =
    !reported && kept && !isRetired(device)
      ? {
          latitude: kept.latitude,
          longitude: kept.longitude,
          timestamp: kept.timestamp === null ? null : new Date(kept.timestamp),
          accuracy: kept.accuracy,
        }
      : null

  return {
    location: reported ?? keptLocation,
    /** The location shown is this browser's copy: the device no longer reports it. */
    isKept: keptLocation !== null,
    /** This browser's memory of the device has been read (a kept location would show by now). */
    known,
    /** What this browser sent for the finder; null when it sent nothing, undefined while unknown. */
    finder: known ? (finder ?? null) : undefined,
    /** Every accepted command passes here: lost mode's texts are kept for the page to show. */
    noteSent(command: DeviceCommand) {
      if (command.name !== 'lostModeOn') return
      const { message = '', phonenumber = '', footnote = '' } = command.body
      const text = { message, phonenumber, footnote, sentAt: Date.now() }
      update((current) => ({ ...current, finder: { ...current.finder, [id]: text } }))
    },
  }
}
