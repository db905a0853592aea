import type { Device } from '../../../../contract/schemas'
import { deviceName } from '../../../lib/device'

import { foldText } from '../../../lib/text'

/** Lower case without accents, so "galaxy" finds "Galaxy" and "muller" finds "Müller". */
export const normalize = foldText

/** The text a device is found by: its name, model, serial number and OS (and IMEI, owner). */
export function searchText(device: Device, owner?: string): string {
  return normalize(
    [deviceName(device), device.modelname, device.serialnumber, device.osname, device.imei, owner]
      .filter(Boolean)
      .join('\n'),
  )
}

/** The words of a query, normalized once for the whole list. */
export function searchWords(query: string): string[] {
  return normalize(query).split(/\s+/).filter(Boolean)
}

/** Every word of the query must occur somewhere in the device's text. */
export function matchesWords(text: string, words: readonly string[]): boolean {
  return words.every((word) => text.includes(word))
}

export function matchesSearch(text: string, query: string): boolean {
  return matchesWords(text, searchWords(query))
}
