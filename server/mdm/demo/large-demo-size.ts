/**
 * The size of the large demo account, apart from the generator: the server's configuration reads
 * it without loading the demo's code (in front of a real service it is never read).
 */

export interface LargeDemoSize {
  devices: number
  apps: number
}

export const DEFAULT_LARGE_DEMO: LargeDemoSize = { devices: 500, apps: 300 }
/** Enough for any benchmark; a world is built in memory and must stay quick to make. */
export const MAX_LARGE_DEMO: LargeDemoSize = { devices: 50_000, apps: 10_000 }

/**
 * `MDM_LARGE_DEMO`: unset, empty, `0` or `false` is off; `1` or `true` the default size;
 * `<devices>[:<apps>]` a size of its own (apps default to 300).
 */
export function parseLargeDemo(value: string | undefined): LargeDemoSize | null {
  const text = (value ?? '').trim()
  if (['', '0', 'false'].includes(text)) return null
  if (['1', 'true'].includes(text)) return DEFAULT_LARGE_DEMO
  const match = /^(\d{1,6})(?::(\d{1,6}))?$/.exec(text)
  const devices = Number(match?.[1])
  const apps = match?.[2] === undefined ? DEFAULT_LARGE_DEMO.apps : Number(match[2])
  if (!match || devices > MAX_LARGE_DEMO.devices || apps > MAX_LARGE_DEMO.apps) {
    throw new Error(
      `MDM_LARGE_DEMO must be 1, or <devices>[:<apps>] up to ${MAX_LARGE_DEMO.devices}:${MAX_LARGE_DEMO.apps} (e.g. 5000:2000), not "${text}".`,
    )
  }
  return { devices, apps }
}
