import type { Device, DeviceActionName } from '@contract/schemas'
import { isQuiet } from './device-badges'
import { isRetired, pendingActions } from '@/entities/device/status'
import { usedStorage } from './storage'

/** Below this battery level a device is worth charging before it goes quiet. */
const LOW_BATTERY_PERCENT = 20
/** Less free space than this share of the disk, or than this many MB, and updates start failing. */
const LOW_STORAGE_SHARE = 0.1
const LOW_STORAGE_MB = 2048

export type HealthKind = 'passcode' | 'quiet' | 'lostMode' | 'battery' | 'storage' | 'pending'

/** `critical`: the company's protection is off; `warning`: act soon; `info`: it resolves itself. */
export type HealthSeverity = 'critical' | 'warning' | 'info'

export interface HealthIssue {
  kind: HealthKind
  severity: HealthSeverity
  /** The commands still waiting, for `pending`. */
  pending?: DeviceActionName[]
  /** For `pending`: this browser asked the device for its app list and it has not sent it yet. */
  appList?: boolean
}

const SEVERITY: Record<HealthKind, HealthSeverity> = {
  passcode: 'critical',
  quiet: 'warning',
  lostMode: 'warning',
  battery: 'warning',
  storage: 'warning',
  pending: 'info',
}

function lowStorage(device: Device): boolean {
  const storage = usedStorage(device)
  if (!storage) return false
  const free = storage.total - storage.used
  return free < Math.min(LOW_STORAGE_MB, storage.total * LOW_STORAGE_SHARE) || free === 0
}

/**
 * What about a device needs its owner's attention, most urgent first, from the fields the
 * service gives, and the app list this browser asked for (the service has no pending flag for
 * it: `useAwaitingAppList`). A retired device (erased, or its management removed) needs nothing
 * any more: the page says so in neutral words instead.
 */
export function deviceHealth(device: Device, now: number, awaitingAppList = false): HealthIssue[] {
  if (isRetired(device)) return []
  const kinds: HealthKind[] = []
  if (device.passcodecompliant === false) kinds.push('passcode')
  if (isQuiet(device.lastcontact, now)) kinds.push('quiet')
  if (device.lostmodeenabled) kinds.push('lostMode')
  if (device.batterylevel != null && device.batterylevel < LOW_BATTERY_PERCENT) {
    kinds.push('battery')
  }
  if (lowStorage(device)) kinds.push('storage')
  const issues: HealthIssue[] = kinds.map((kind) => ({ kind, severity: SEVERITY[kind] }))
  const pending = pendingActions(device)
  if (pending.length > 0 || awaitingAppList) {
    issues.push({ kind: 'pending', severity: 'info', pending, appList: awaitingAppList })
  }
  return issues
}

/** The most urgent severity among the issues, or null when all is well. */
export function worstSeverity(issues: readonly HealthIssue[]): HealthSeverity | null {
  for (const severity of ['critical', 'warning', 'info'] as const) {
    if (issues.some((issue) => issue.severity === severity)) return severity
  }
  return null
}
