import { type App, type Device } from '@contract/schemas'
import {
  appPlatformOf,
  isAppPlatform,
  isTablet,
  platformOf,
  type AppPlatform,
} from '@contract/platform'
import { sortByName } from '@/lib/text'

/**
 * The rules of the catalog that need no React: which devices an app's platform runs on, and
 * how search and the platform filter narrow the list.
 */

/** The platform of the apps a device can run: Apple apps run on iPhones, iPads and Macs. */
export function platformOfDevice(device: Pick<Device, 'type'>): AppPlatform | null {
  return appPlatformOf(platformOf(device))
}

/** Devices that can take apps at all: still managed and not wiped. */
export function canReceiveApps(device: Device): boolean {
  return device.managed !== false && device.wiped !== true && device.mdmprofileremoved !== true
}

/** What kind of device it is, as far as the portal can tell: Android says nothing of its size. */
type FormFactor = 'smartphone' | 'tablet' | 'desktop'

function formFactorsOf(device: Pick<Device, 'type' | 'modelname' | 'osname'>): FormFactor[] {
  const platform = platformOf(device)
  if (platform === 'macos') return ['desktop']
  if (platform === 'ios') return isTablet(device) ? ['tablet'] : ['smartphone']
  return ['smartphone', 'tablet']
}

/** The form factors an app's `devicetype` names; an unknown value rules nothing out. */
const APP_FORM_FACTORS: Readonly<Record<string, readonly FormFactor[]>> = {
  SmartphoneAndTablet: ['smartphone', 'tablet'],
  Smartphone: ['smartphone'],
  Tablet: ['tablet'],
  Desktop: ['desktop'],
}

/** Why an app cannot run on a device, or null when it can (as far as the portal can tell). */
type Misfit = 'platform' | 'formFactor'

export function misfitOf(
  app: Pick<App, 'platform' | 'devicetype'>,
  device: Pick<Device, 'type' | 'modelname' | 'osname'>,
): Misfit | null {
  if (isAppPlatform(app.platform) && platformOfDevice(device) !== app.platform) return 'platform'
  const wanted = app.devicetype ? APP_FORM_FACTORS[app.devicetype] : undefined
  if (wanted && !formFactorsOf(device).some((kind) => wanted.includes(kind))) return 'formFactor'
  return null
}

/**
 * The devices an app could be installed on: of its platform and of a kind it is made for
 * (a phone app is not offered for a Mac). An app of unknown platform could be on any.
 */
export function devicesForApp(
  app: Pick<App, 'platform' | 'devicetype'>,
  devices: readonly Device[],
): Device[] {
  return devices.filter((device) => canReceiveApps(device) && misfitOf(app, device) === null)
}

export function appName(app: Pick<App, 'displayname' | 'id'>): string {
  return app.displayname?.trim() || app.id
}

const ASCII = /^[\p{ASCII}]*$/u

/** Case- and accent-insensitive, so "uber" finds "Über". */
export function fold(text: string): string {
  // Plain ASCII needs no decomposing: its only diacritics are ^ and `, taken off directly.
  const bare = ASCII.test(text)
    ? text.replace(/[\^`]/g, '')
    : text.normalize('NFD').replace(/\p{Diacritic}/gu, '')
  return bare.toLocaleLowerCase()
}

export interface CatalogFilter {
  query: string
  platform: AppPlatform | null
}

/**
 * What an app is found by: the name its card shows (never the service's id, which no screen
 * shows), folded once per answer rather than per keystroke.
 */
export function searchKey(app: Pick<App, 'displayname' | 'id'>): string {
  return fold(appName(app))
}

/** The words of a search, folded once for the whole list. */
export function queryWords(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean)
}

/** Every word of the search occurs in the app's key (`searchKey`). */
export function matchesWords(key: string, words: readonly string[]): boolean {
  return words.every((word) => key.includes(word))
}

export function matchesFilter(app: App, filter: CatalogFilter): boolean {
  if (filter.platform && app.platform !== filter.platform) return false
  const words = queryWords(filter.query)
  return words.length === 0 || matchesWords(searchKey(app), words)
}

/** Alphabetical, so an app never jumps away while its status changes. */
export function sortApps(apps: readonly App[]): App[] {
  return sortByName(apps, appName)
}

interface DeviceCatalog {
  /** Apps of the device's platform that it can run. */
  available: App[]
  /** Apps of the device's platform that it cannot run (form factor, model). */
  incompatible: App[]
  /** Apps for other platforms, left out of the device's list. */
  otherPlatforms: number
}

/** Splits the apps the service lists for a device into what the user can act on and what not. */
export function splitForDevice(apps: readonly App[], device: Device | null): DeviceCatalog {
  const platform = device ? platformOfDevice(device) : null
  const result: DeviceCatalog = { available: [], incompatible: [], otherPlatforms: 0 }
  for (const app of apps) {
    if (platform && isAppPlatform(app.platform) && app.platform !== platform) {
      result.otherPlatforms++
    } else if (app.compatibletodevice === false) {
      result.incompatible.push(app)
    } else {
      result.available.push(app)
    }
  }
  return result
}
