import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))
export const cacheDir = `${root}.cache`

/** Tools keep their configuration and caches inside the project, not in the home folder. */
export function projectEnv(extra = {}) {
  const config = `${cacheDir}/xdg-config`
  const cache = `${cacheDir}/xdg-cache`
  mkdirSync(config, { recursive: true })
  mkdirSync(cache, { recursive: true })
  return { ...process.env, XDG_CONFIG_HOME: config, XDG_CACHE_HOME: cache, ...extra }
}
