import type { Device } from '../../../../contract/schemas'
import { deviceName } from '../../../lib/device'

/** Lower case without accents, so "galaxy" finds "Galaxy" and "muller" finds "Müller". */
export function normalize(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The text a device is found by: its name, model, serial number and OS (and IMEI, owner). */
export function searchText(device: Device, owner?: string): string {
  return normalize(
    [deviceName(device), device.modelname, device.serialnumber, device.osname, device.imei, owner]
      .filter(Boolean)
      .join('\n'),
  )
}

/** Every word of the query must occur somewhere in the device's text. */
export function matchesSearch(text: string, query: string): boolean {
  const words = normalize(query).split(/\s+/).filter(Boolean)
  return words.every((word) => text.includes(word))
}
