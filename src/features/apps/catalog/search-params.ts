import type { Device } from '@contract/schemas'
import { APPS_PARAMS as PARAM } from '@contract/screens'
import { isAppPlatform, type AppPlatform } from '@contract/platform'

/**
 * The catalog's state lives in the address (`?device=…&q=…&platform=…`), so the back button
 * and shared links work. `?device=` present but empty means the user chose no device; absent
 * means "preselect when there is exactly one candidate". The names are APPS_PARAMS
 * in the screen table, which the server's startup frame reads too.
 */
export interface CatalogParams {
  /** The device named in the address; '' when the user chose none; null when not given. */
  device: string | null
  query: string
  platform: AppPlatform | null
}

export function readParams(params: URLSearchParams): CatalogParams {
  const platform = params.get(PARAM.platform)
  return {
    device: params.get(PARAM.device),
    query: params.get(PARAM.query) ?? '',
    platform: isAppPlatform(platform) ? platform : null,
  }
}

/** A copy of `params` with the given values set (null or '' removes q and platform). */
export function withParams(
  params: URLSearchParams,
  changes: Partial<Record<'device' | 'query' | 'platform', string | null>>,
): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const name of ['device', 'query', 'platform'] as const) {
    const value = changes[name]
    if (value === undefined) continue
    // The device keeps an empty value on purpose: "no device" is a choice, not a default.
    if (value === null || (value === '' && name !== 'device')) next.delete(PARAM[name])
    else next.set(PARAM[name], value)
  }
  return next
}

type DeviceChoice =
  | { kind: 'none' }
  | { kind: 'device'; device: Device }
  /** The address names a device the user does not have (any more). */
  | { kind: 'unknown'; clientId: string }

/** Which device the screen is about, given the address and the devices on offer. */
export function resolveDevice(
  requested: string | null,
  candidates: readonly Device[],
): DeviceChoice {
  if (requested === null) {
    const only = candidates.length === 1 ? candidates[0] : undefined
    return only ? { kind: 'device', device: only } : { kind: 'none' }
  }
  if (requested === '') return { kind: 'none' }
  const device = candidates.find((candidate) => candidate.clientid === requested)
  return device ? { kind: 'device', device } : { kind: 'unknown', clientId: requested }
}

/**
 * The device whose apps the screen will show, as far as it can tell before the devices are
 * known, so those apps are asked for beside the devices rather than after them: the one the
 * address names; none when it names none; else the only device the user had last time
 * (`onlyDevice`, see only-device.ts), or none. `resolveDevice` has the last word once the
 * devices are there.
 */
export function expectedDevice(requested: string | null, onlyDevice: string | null): string | null {
  if (requested !== null) return requested || null
  return onlyDevice
}
