import { z } from '@contract/zod'

/**
 * The devices the user had when the wizard started, so "has my new device arrived" can tell the
 * new one apart. Kept in sessionStorage because phones often reload a tab in the background
 * while the user is busy in Settings; keyed by the user so another sign-in in the tab starts anew.
 */
const STORAGE_KEY = 'mdm.enrollment.knownDevices'

const snapshotSchema = z.object({ sid: z.string(), ids: z.array(z.string()) })

export function readKnownDevices(sid: string): ReadonlySet<string> | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    const parsed = snapshotSchema.safeParse(JSON.parse(raw))
    return parsed.success && parsed.data.sid === sid ? new Set(parsed.data.ids) : null
  } catch {
    return null
  }
}

export function rememberKnownDevices(sid: string, ids: Iterable<string>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ sid, ids: [...ids] }))
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
