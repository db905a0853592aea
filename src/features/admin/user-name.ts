import type { Device, User } from '@contract/schemas'

/** How a user is named: the display name, else first and last name, else the address. */
export function userName(user: User): string {
  const full = [user.firstname, user.lastname].filter(Boolean).join(' ').trim()
  return user.displayname?.trim() || full || user.email
}

/** Devices whose management still holds (User rule 7: deleting their user may strand them). */
export function managedDevices(devices: readonly Device[]): Device[] {
  return devices.filter((device) => device.managed !== false && device.wiped !== true)
}

/** The devices of each user, by sid. */
export function devicesByUser(devices: readonly Device[]): Map<string, Device[]> {
  const bySid = new Map<string, Device[]>()
  for (const device of devices) {
    if (!device.usersid) continue
    bySid.set(device.usersid, [...(bySid.get(device.usersid) ?? []), device])
  }
  return bySid
}
