import type { FastifyBaseLogger } from 'fastify'
import type { WorldSettings } from '../options.ts'
import type {
  AdminRecord,
  AppRecord,
  FailureRecord,
  Command,
  DeviceRecord,
  Mail,
  PendingEnrollment,
  ResetTokenRecord,
  Tenant,
  TokenRecord,
  UserRecord,
} from './records.ts'

/**
 * The whole state of one simulated service. Normally there is one world; in test mode every
 * `x-mdm-world` header value gets its own, so parallel end-to-end tests never see each other.
 */
export interface World {
  id: string
  portalUrl: string
  microsoftIdp: boolean
  settings: WorldSettings
  /** Added to the real time; POST /__test/clock moves it forward. */
  clockOffsetMs: number
  tenants: Map<string, Tenant>
  admins: AdminRecord[]
  users: Map<string, UserRecord>
  devices: Map<string, DeviceRecord>
  apps: Map<string, AppRecord>
  tokens: Map<string, TokenRecord>
  resetTokens: Map<string, ResetTokenRecord>
  /** Wrong passwords per account name and client address, which delay the next attempts. */
  signInFailures: Map<string, FailureRecord>
  commands: Map<number, Command>
  nextCommandId: number
  /** Devices being set up with a downloaded enrollment file, by user and variant. */
  enrollments: Map<string, PendingEnrollment>
  outbox: Mail[]
  nextMailId: number
  log: FastifyBaseLogger
}

/** The world's clock: real time plus the test offset. */
export function now(world: World): number {
  return Date.now() + world.clockOffsetMs
}

/** A simulated device answers after the world's command delay (0 = at once), timed on `pending`. */
export function afterDelay(world: World, pending: Pick<Command, 'timer'>, answer: () => void) {
  if (world.settings.commandDelayMs <= 0) return answer()
  pending.timer = setTimeout(answer, world.settings.commandDelayMs)
  pending.timer.unref()
}

/** Stops everything the world still has scheduled, so a closed server leaves no timers behind. */
export function disposeWorld(world: World): void {
  for (const command of world.commands.values()) {
    if (command.timer) clearTimeout(command.timer)
  }
  world.commands.clear()
  for (const enrollment of world.enrollments.values()) {
    if (enrollment.timer) clearTimeout(enrollment.timer)
  }
  world.enrollments.clear()
}
