import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { deviceListQuery } from '@/entities/device/queries'
import type { Device } from '@contract/schemas'
import { CADENCES, waitInterval } from '@/entities/device/polling'
import { useAskedRead } from '@/lib/api/use-asked-read'
import { arrivalsOf } from './arrivals'
import {
  choiceKey,
  forgetKnownDevices,
  readKnownDevices,
  rememberKnownDevices,
  type KnownDevices,
} from './known-devices'
import type { Owner, Platform } from './platform'
import type { Step } from './wizard-state'

/**
 * The devices that arrived with the profile of the choice shown: as this wizard fetches a
 * choice's profile, the devices there are then are noted for that choice, and a later device of
 * its kind is new. A wizard opened anew, nothing chosen yet, forgets the earlier profiles.
 * While the installation step waits for a device, the list is read again by itself, often at
 * first and then less often (never while the page is hidden), so the device shows up without
 * anyone pressing a button. The user's own check shows its failure on the step; only the reads the
 * step does by itself report theirs in the toast.
 */
export function useNewDevices(
  sid: string,
  { platform, owner, step }: { platform: Platform | null; owner: Owner | null; step: Step },
) {
  const queryClient = useQueryClient()
  const [known, setKnown] = useState<KnownDevices>(() => readKnownDevices(sid))
  const ids = platform && owner ? known[choiceKey(platform, owner)] : undefined
  const fetched = platform && owner && ids ? { platform, owner, known: ids } : null
  // Since when the install step has been waiting, for the cadence; empty while it does not wait.
  const [waits] = useState(() => new Map<string, number>())
  const { meta, run: ask } = useAskedRead()
  const query = useQuery({
    ...deviceListQuery(),
    meta,
    refetchInterval: (current) => {
      const arrived = arrivalsOf(current.state.data ?? [], fetched).length > 0
      return waitInterval(
        waits,
        sid,
        step === 'install' && fetched !== null && !arrived,
        CADENCES.enrollment,
      )
    },
    refetchIntervalInBackground: false,
  })

  // Adjusting state while rendering (not in an effect) keeps the snapshot and the list in step.
  if (platform === null && owner === null && Object.keys(known).length > 0) setKnown({})

  useEffect(() => {
    if (Object.keys(known).length > 0) rememberKnownDevices(sid, known)
    else forgetKnownDevices()
  }, [sid, known])

  /** Called as a choice's profile is fetched, before it is: devices from then on are new. */
  const fetching = useCallback(
    async (chosen: Platform, by: Owner) => {
      const key = choiceKey(chosen, by)
      // Without the list nothing can be told apart; the profile comes all the same.
      const devices = await queryClient.ensureQueryData(deviceListQuery()).catch(() => null)
      if (!devices) return
      const present = devices.map((device) => device.clientid)
      // A second fetch for the choice is the same device being set up, as the service sees it.
      setKnown((current) => (key in current ? current : { ...current, [key]: present }))
    },
    [queryClient],
  )

  const { refetch } = query
  /** The user's own check: its answer, a failure included, is the step's to show. */
  const check = useCallback(() => ask(refetch), [ask, refetch])

  const arrivals: Device[] = query.data ? arrivalsOf(query.data, fetched) : []
  // Without a fetch in this tab there is nothing to tell a new device apart by.
  return { check, arrivals, watching: fetched !== null, fetching }
}
