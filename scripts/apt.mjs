/**
 * Debian's packages the tests need (Redis, PostgreSQL, Chromium, Firefox, WebKit), installed when
 * missing and we are root with apt, as CI runs. The package lists are fetched once per process,
 * not once for each package a run finds missing.
 */
import { execFileSync, spawnSync } from 'node:child_process'

let updated = false

export function canApt() {
  return process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0
}

/**
 * Installs `packages` quietly; false when this is not root with apt. Throws when apt fails.
 * `recommends: false` leaves out what Debian only recommends beside them.
 */
export function aptInstall(packages, { recommends = true } = {}) {
  if (!canApt()) return false
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  if (!updated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    updated = true
  }
  const options = recommends ? [] : ['--no-install-recommends']
  execFileSync('apt-get', ['install', '-y', '-qq', ...options, ...packages], {
    stdio: 'inherit',
    env,
  })
  return true
}
