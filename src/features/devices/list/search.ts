import type { Device } from '@contract/schemas'
import { deviceName } from '@/entities/device/name'
import { foldText } from '@/lib/text'

/** The text a device is found by: its name, model, serial number, OS, IMEI (and owner), as the lists' texts name them. */
export function searchText(device: Device, owner?: string): string {
  return foldText(
    [deviceName(device), device.modelname, device.serialnumber, device.osname, device.imei, owner]
      .filter(Boolean)
      .join('\n'),
  )
}

/** The words of a query, folded once for the whole list. */
export function searchWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean)
}

/** Every word of the query must occur somewhere in the device's text. */
export function matchesWords(text: string, words: readonly string[]): boolean {
  return words.every((word) => text.includes(word))
}

export function matchesSearch(text: string, query: string): boolean {
  return matchesWords(text, searchWords(query))
}
