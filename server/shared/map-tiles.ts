/**
 * The map on a device's page: where its tiles come from. OpenStreetMap's own tile server by
 * default; any XYZ tile server (`https://tiles.example.com/{z}/{x}/{y}.png`, `{s}` for
 * subdomains) by MAP_TILE_URL; no map at all with MAP_TILE_URL set empty. The Content Security
 * Policy lets images come from that one origin and from no other.
 */
export interface MapTiles {
  /** Leaflet's URL template. */
  url: string
  /** Credit line under the map, plain text (the tile provider's terms usually ask for one). */
  attribution: string | null
}

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
const OSM_ATTRIBUTION = '© OpenStreetMap contributors'

/** The origin the browser loads tiles from, as a CSP source (`{s}` becomes a `*` subdomain). */
export function tileOrigin(template: string): string {
  const url = new URL(template.replace(/\{s\}/g, 'subdomain-placeholder'))
  return `${url.protocol}//${url.host.replace('subdomain-placeholder', '*')}`
}

export function readMapTiles(env: NodeJS.ProcessEnv): MapTiles | null {
  const value = env.MAP_TILE_URL
  const attribution = env.MAP_TILE_ATTRIBUTION?.trim() || null
  if (value === undefined) {
    return { url: DEFAULT_MAP_TILE_URL, attribution: attribution ?? OSM_ATTRIBUTION }
  }
  if (value.trim() === '') return null
  let url: URL
  try {
    url = new URL(value.replace(/\{s\}/g, 'a'))
  } catch {
    throw new Error(`MAP_TILE_URL must be an absolute http(s) address, not "${value}".`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`MAP_TILE_URL must start with https:// or http://, not "${value}".`)
  }
  if (url.username || url.password) throw new Error('MAP_TILE_URL must not contain credentials.')
  for (const part of ['{z}', '{x}', '{y}']) {
    if (!value.includes(part))
      throw new Error(`MAP_TILE_URL needs ${part}, like ${DEFAULT_MAP_TILE_URL}.`)
  }
  return {
    url: value,
    attribution: attribution ?? (value === DEFAULT_MAP_TILE_URL ? OSM_ATTRIBUTION : null),
  }
}
