import { isCompatible } from './app-compatibility.ts'
import { issueCommand } from './commands.ts'
import { enrolledDevice } from './enrolled-device.ts'
import type { ProfileVariant } from './profile-variant.ts'
import type { DeviceRecord, PendingEnrollment, UserRecord } from './records.ts'
import { afterDelay, type World } from './world.ts'

/**
 * A downloaded enrollment file gets installed: after the world's command delay (0 = at once,
 * POST /__test/complete = now) a new device of the file's kind joins the user's devices, the way
 * a real one shows up once it has checked in. Until then another download of the same kind is
 * the same device being set up, not a second one.
 */

export function scheduleEnrollment(world: World, user: UserRecord, variant: ProfileVariant): void {
  const key = `${user.sid}\n${variant}`
  if (world.enrollments.has(key)) return
  const enrollment: PendingEnrollment = { key, usersid: user.sid, variant, timer: null }
  world.enrollments.set(key, enrollment)
  afterDelay(world, enrollment, () => arrive(world, enrollment))
}

/** The device checks in; answers whether a device arrived (not when its user is gone meanwhile). */
function arrive(world: World, enrollment: PendingEnrollment): boolean {
  if (world.enrollments.get(enrollment.key) !== enrollment) return false
  world.enrollments.delete(enrollment.key)
  if (enrollment.timer) clearTimeout(enrollment.timer)
  const user = world.users.get(enrollment.usersid)
  if (!user) return false
  try {
    const device = enrolledDevice(world, user, enrollment.variant)
    world.devices.set(device.clientid, device)
    installRequiredApps(world, user, device)
    return true
  } catch (error) {
    world.log.error({ err: error }, 'A simulated device failed to enroll')
    return false
  }
}

/** The user's mandatory apps are sent to a new device right away, as the service does. */
function installRequiredApps(world: World, user: UserRecord, device: DeviceRecord): void {
  for (const appId of user.appIds) {
    const app = world.apps.get(appId)
    if (app?.mandatory && app.managed && isCompatible(app, device)) {
      issueCommand(world, device, 'install', { appId })
    }
  }
}

/** POST /__test/complete: every device being set up checks in now. Returns how many arrived. */
export function arriveAll(world: World): number {
  let count = 0
  for (const enrollment of [...world.enrollments.values()]) {
    if (arrive(world, enrollment)) count++
  }
  return count
}
