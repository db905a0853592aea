/**
 * Debian's packages the tests need (Redis, PostgreSQL, Chromium, Firefox, WebKit), installed when
 * missing and we are root with apt, as CI runs. The package lists are fetched once per process,
 * not once for each package a run finds missing.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process'

let updated = false
/** The installs started by `aptInstallInBackground`, one after another: apt takes one at a time. */
let queue = Promise.resolve()

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

/** `execFile` as a promise, apt's own lines printed as they come. */
function aptGet(args, env) {
  return new Promise((resolve, reject) => {
    const child = execFile('apt-get', args, { env, maxBuffer: 64 * 1024 * 1024 }, (error) =>
      error ? reject(error) : resolve(),
    )
    child.stdout?.pipe(process.stdout)
    child.stderr?.pipe(process.stderr)
  })
}

/**
 * `aptInstall` without holding the process: the work that needs no package (the build, lint,
 * types) goes on while apt fetches and unpacks, and each suite waits only for its own packages.
 * The installs run in the order they were asked for. Resolves true once `packages` are installed,
 * at once when there are none; false when this is not root with apt; rejects when apt fails.
 */
export function aptInstallInBackground(packages, { recommends = true } = {}) {
  const install = async () => {
    if (packages.length === 0) return true
    if (!canApt()) return false
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    if (!updated) {
      await aptGet(['update', '-qq'], env)
      updated = true
    }
    const options = recommends ? [] : ['--no-install-recommends']
    await aptGet(['install', '-y', '-qq', ...options, ...packages], env)
    return true
  }
  const done = queue.then(install)
  queue = done.catch(() => undefined)
  return done
}
