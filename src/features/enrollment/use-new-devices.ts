import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { deviceListQuery } from '../../entities/device/queries'
import type { Device } from '@contract/schemas'
import { CADENCES, waitInterval } from '../../entities/device/polling'
import { forgetKnownDevices, readKnownDevices, rememberKnownDevices } from './known-devices'
import type { Step } from './wizard-state'

/**
 * The devices that appeared since the user reached the profile: the ids are remembered when the
 * profile step is first shown and forgotten when the user goes back to choosing a device.
 * While the installation steps are shown, the list is read again by itself, often at first and
 * then less often (never while the page is hidden), so a device enrolled with the phone shows up
 * on the computer that showed the QR code without anyone pressing a button.
 */
export function useNewDevices(sid: string, step: Step) {
  const active = step === 'profile' || step === 'install'
  const [known, setKnown] = useState<ReadonlySet<string> | null>(() => readKnownDevices(sid))
  // Since when the install step has been waiting, for the cadence; empty while it does not wait.
  const [waits] = useState(() => new Map<string, number>())
  const query = useQuery({
    ...deviceListQuery(),
    refetchInterval: (current) => {
      const data = current.state.data
      const arrived = known !== null && data?.some((device) => !known.has(device.clientid))
      return waitInterval(waits, sid, step === 'install' && !arrived, CADENCES.enrollment)
    },
    refetchIntervalInBackground: false,
  })

  // Adjusting state while rendering (not in an effect) keeps the snapshot and the list in step.
  if (!active && known !== null) setKnown(null)
  if (active && known === null && query.data) {
    setKnown(new Set(query.data.map((device) => device.clientid)))
  }

  useEffect(() => {
    if (known) rememberKnownDevices(sid, known)
    else forgetKnownDevices()
  }, [sid, known])

  const arrivals: Device[] =
    known && query.data ? query.data.filter((device) => !known.has(device.clientid)) : []
  return { query, arrivals }
}
