/**
 * Finds a Chromium for the end-to-end tests and the benchmark: CHROMIUM_PATH, else Debian's
 * (installed with apt when missing and we are root), else Playwright's own browser.
 */
import { existsSync } from 'node:fs'
import { aptInstall, canApt } from './apt.mjs'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'
/**
 * Debian's Chromium without a window system, as Playwright's own headless browser is: the journeys
 * cost a fifth less processor time in it (docs/developing.md). Lighthouse keeps the whole browser.
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

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

/** Debian's packages of the Chromium `findChromium` would install here: none when it is there. */
export function chromiumPackages({ headless = false } = {}) {
  if (process.env.CHROMIUM_PATH) return []
  if (existsSync(headless ? DEBIAN_HEADLESS_SHELL : DEBIAN_CHROMIUM)) return []
  return headless ? ['chromium', 'chromium-headless-shell'] : ['chromium']
}

/**
 * The Chromium to run: CHROMIUM_PATH, else Debian's, else Playwright's own. `headless` (the
 * journeys) prefers Debian's headless shell, installed beside Chromium when missing.
 */
export async function findChromium({ install = true, headless = false } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`)
  }
  const [best, ...others] = headless ? [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM] : [DEBIAN_CHROMIUM]
  if (existsSync(best)) return best
  const packages = chromiumPackages({ headless })
  if (install && canApt()) {
    console.log(`Installing ${packages.join(', ')} (apt-get install)…`)
    aptInstall(packages)
    if (existsSync(best)) return best
  }
  const other = others.find((path) => existsSync(path)) ?? (await playwrightChromium())
  if (other) return other
  throw new Error(
    'No Chromium found: run `sudo apt-get install chromium` (Debian/Ubuntu) or `npx playwright install chromium`, or set CHROMIUM_PATH.',
  )
}
