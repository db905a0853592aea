import { useEffect, useState } from 'react'
import type { Device } from '@contract/schemas'
import { isPending } from '@/entities/device/status'
import { type DeviceCommand, type DirectCommand } from '@/entities/device/commands'
import { useDeviceCommand } from '@/entities/device/use-device-command'
import { actionState } from '@/features/devices/availability'

/**
 * Turning on lost mode asks where the device is, as Find My and Find Hub do: nobody should have
 * to press Locate as a second step. The request leaves as soon as the service takes it (spec,
 * Device rule 3: "While lost mode is on, … the location retrieved"): at once where the device
 * offers Locate anyway (a company Android phone), else once the device reports lost mode on (a
 * supervised iPhone). Lost mode that does not come on asks nothing.
 */
export function useLocateWhenLost(
  device: Device,
  onSent: (command: DeviceCommand) => void,
  onFailed: (error: unknown, command: DirectCommand) => void,
) {
  const command = useDeviceCommand(device)
  // 'sent' until a read shows lost mode on its way (the page's read may lag the answer by a
  // render), then 'coming' until it is on; it is dropped if lost mode did not come on.
  const [armed, setArmed] = useState<'sent' | 'coming' | null>(null)
  const lostModeComing = device.lostmodeenabled || isPending(device.actions.enablelostmode)
  if (armed === 'sent' && lostModeComing) setArmed('coming')
  if (armed === 'coming' && !lostModeComing) setArmed(null)
  const locate = actionState(device, 'locate')
  // Done once the request is on its way (the device shows it pending).
  if (armed !== null && locate.pending) setArmed(null)
  const ready = armed !== null && locate.available && !locate.pending
  useEffect(() => {
    if (!ready) return
    command.send(
      // The portal's request, not the user's: its record says so, never "Located by you".
      { name: 'locate', body: {}, automatic: true },
      {
        onSuccess: (_result, sent) => onSent(sent),
        onError: (error) => {
          setArmed(null)
          onFailed(error, 'locate')
        },
      },
    )
    // Sent once per arming; the callbacks are the page's and change with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready])
  return {
    /** Every accepted command passes here: lost mode coming on arms the request. */
    noteSent(sent: DeviceCommand) {
      if (sent.name === 'lostModeOn') setArmed('sent')
    },
  }
}
