import { randomBytes } from 'node:crypto'
import { APP_STATUS, DEVICE_TYPE } from '../../../contract/schemas.ts'
import { hasWorkProfile } from '../../../contract/platform.ts'
import type { Command, DeviceRecord } from './records.ts'
import { now, type World } from './world.ts'

/** What a simulated device does when a command reaches it. */

const CITIES: [number, number][] = [
  [48.13743, 11.57549],
  [52.52001, 13.40495],
  [53.55108, 9.99368],
  [50.11092, 8.68213],
  [48.20849, 16.37208],
  [47.37689, 8.54169],
]

function nextLocation(world: World, device: DeviceRecord) {
  const jitter = () => (Math.random() - 0.5) * 0.003
  const [latitude, longitude] = device.location
    ? [device.location.latitude, device.location.longitude]
    : (CITIES[device.clientid.charCodeAt(0) % CITIES.length] ?? [48.13743, 11.57549])
  return {
    latitude: Number((latitude + jitter()).toFixed(5)),
    longitude: Number((longitude + jitter()).toFixed(5)),
    timestamp: now(world),
  }
}

function endLostMode(device: DeviceRecord): void {
  device.lostmodeenabled = false
  device.recoverytoken = null
  // On iOS a location exists only while lost mode is on.
  if (device.type === DEVICE_TYPE.ios) device.location = null
}

/** What every wipe ends: lost mode and the app list (and the commands still waiting for it). */
function endLostModeAndApps(device: DeviceRecord): void {
  endLostMode(device)
  device.apps.clear()
}

/** Partial wipe, or the full wipe of a work profile: our data and profile leave the device. */
function removeManagement(device: DeviceRecord): void {
  endLostModeAndApps(device)
  device.managed = false
  device.mdmprofileremoved = true
}

function wipe(device: DeviceRecord): void {
  // A full wipe of an Android work profile removes only the profile (Device rule 2).
  if (hasWorkProfile(device)) return removeManagement(device)
  // Reset to factory defaults, the device no longer answers to the service: like the demo's
  // erased iPad, it is wiped and no longer managed.
  endLostModeAndApps(device)
  device.wiped = true
  device.managed = false
  device.location = null
}

/** The device reports its apps, once the app commands still open have been carried out. */
function reportApps(device: DeviceRecord): void {
  // Statuses left over from earlier commands settle once the device reports what it has.
  for (const state of device.apps.values()) {
    if (state.status === APP_STATUS.pending) {
      Object.assign(state, { status: APP_STATUS.installed, statusdetails: null })
    }
  }
}

export function applyEffect(world: World, device: DeviceRecord, command: Command): void {
  const isAndroid = device.type === DEVICE_TYPE.android
  switch (command.type) {
    case 'lockscreen':
      return
    case 'wipefull':
      return wipe(device)
    case 'wipepartial':
      return removeManagement(device)
    case 'enablelostmode':
      device.lostmodeenabled = true
      if (isAndroid) {
        device.recoverytoken = randomBytes(6)
          .toString('hex')
          .toUpperCase()
          .replace(/(.{4})(?!$)/g, '$1-')
        device.passwordenabled = true
      }
      return
    case 'disablelostmode':
      return endLostMode(device)
    case 'requestlocation':
      device.location = nextLocation(world, device)
      return
    case 'resetpasscode':
      // Apple: the passcode is cleared and may have to be set again; Android: the new password.
      device.passcodecompliant = isAndroid
      if (isAndroid) device.passwordenabled = true
      return
    case 'requestapplist':
      return reportApps(device)
    case 'install':
      if (command.appId) {
        device.apps.set(command.appId, {
          status: APP_STATUS.installed,
          statusdetails: null,
          updateAvailable: false,
        })
      }
      return
    case 'uninstall':
      if (command.appId) device.apps.delete(command.appId)
      return
  }
}
