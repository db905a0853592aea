/**
 * Finds a Chromium for the end-to-end tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
 * else Playwright's own browser. When none is there and we are root with apt, Debian's
 * chromium package is installed first.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/** Chromium's flags for tests and benchmarks: headless in a container, nothing phoning home. */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

async function playwrightChromium() {
  try {
    const { chromium } = await import('@playwright/test')
    const path = chromium.executablePath()
    return path && existsSync(path) ? path : null
  } catch {
    return null
  }
}

function canApt() {
  return process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0
}

export async function findChromium({ install = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`)
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM
  const own = await playwrightChromium()
  if (own) return own
  if (install && canApt()) {
    console.log('Installing Chromium (apt-get install chromium)…')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM
  }
  throw new Error(
    'No Chromium found: run `sudo apt-get install chromium` (Debian/Ubuntu) or `npx playwright install chromium`, or set CHROMIUM_PATH.',
  )
}
