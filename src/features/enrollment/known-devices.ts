import { z } from '@contract/zod'
import type { Owner, Platform } from './platform'

/**
 * The devices the user had as this wizard fetched the profile for each choice (a kind of device
 * and who owns it), so "has my new device arrived" can tell a new one apart. Kept in
 * sessionStorage because phones often reload a tab in the background while the user is busy in
 * Settings; keyed by the user so another sign-in in the tab starts anew.
 */
const STORAGE_KEY = 'mdm.enrollment.knownDevices'

/** The ids of the devices there were, by choice (`choiceKey`). */
export type KnownDevices = Readonly<Record<string, readonly string[]>>

const snapshotSchema = z.object({
  sid: z.string(),
  choices: z.record(z.string(), z.array(z.string())),
})

export function choiceKey(platform: Platform, owner: Owner): string {
  return `${platform}-${owner}`
}

export function readKnownDevices(sid: string): KnownDevices {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY)
    if (!raw) return {}
    const parsed = snapshotSchema.safeParse(JSON.parse(raw))
    return parsed.success && parsed.data.sid === sid ? parsed.data.choices : {}
  } catch {
    return {}
  }
}

export function rememberKnownDevices(sid: string, choices: KnownDevices): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ sid, choices }))
  } catch {
    // Without storage the snapshot lasts as long as the page.
  }
}

export function forgetKnownDevices(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // Nothing was stored then.
  }
}
