/**
 * The unit tests of the shared store start a real Redis (server/testing/redis-server.ts). Finds
 * `redis-server` (REDIS_SERVER, else on the PATH); when it is missing and we are root with apt,
 * Debian's redis-server package is installed first. Otherwise it says what to do.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { aptInstall, canApt } from './apt.mjs'

function onPath() {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' })
  return found.status === 0 && found.stdout.trim() !== ''
}

/** Debian's package `ensureRedisServer` would install here: none when Redis is there. */
export function redisPackages() {
  return process.env.REDIS_SERVER || onPath() ? [] : ['redis-server']
}

export function ensureRedisServer() {
  const fromEnv = process.env.REDIS_SERVER
  if (fromEnv) {
    if (existsSync(fromEnv)) return
    throw new Error(`REDIS_SERVER points to ${fromEnv}, which does not exist.`)
  }
  if (onPath()) return
  if (canApt()) {
    console.log('Installing Redis for the shared-store tests (apt-get install redis-server)…')
    aptInstall(['redis-server'], { recommends: false })
    if (onPath()) return
  }
  throw new Error(
    'No redis-server found: run `sudo apt-get install redis-server` (Debian/Ubuntu) or set REDIS_SERVER.',
  )
}
