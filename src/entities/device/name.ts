import type { Device } from '@contract/schemas'

/**
 * The name a person knows a device by, everywhere in the portal (lists, dialogs, the wipe
 * confirmation, the enrollment arrival): the name given to it, else its model, else its serial
 * number (printed on the box and the back), and the service's id only when nothing better is there.
 */
export function deviceName(
  device: Pick<Device, 'displayname' | 'modelname' | 'serialnumber' | 'clientid'>,
): string {
  return (
    device.displayname?.trim() ||
    device.modelname?.trim() ||
    device.serialnumber?.trim() ||
    device.clientid
  )
}
