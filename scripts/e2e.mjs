/**
 * `npm run test:e2e`: builds the portal (unless --no-build), finds or installs Chromium, picks
 * free ports (the portal; the reference API alone and a portal proxying to it; a portal with
 * sign-in with Microsoft) and runs the
 * Playwright journeys against the real servers. Prints the totals.
 */
import { readFileSync, rmSync } from 'node:fs'
import { findChromium } from './browser.mjs'
import { cacheDir, projectEnv, root } from './env.mjs'
import { freePorts } from './ports.mjs'
import { run } from './run.mjs'

export async function runE2e({ build = true, args = [], distDir: built = `${root}dist` } = {}) {
  // A stand-alone run builds into a folder of its own, so runs side by side never serve each
  // other's half-written files; `npm test` has just built `distDir` and uses it.
  const distDir = build ? `${cacheDir}/e2e-dist-${process.pid}` : built
  if (build) {
    const code = await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir])
    if (code !== 0) return { passed: 0, failed: 1, ok: false }
  }
  try {
    return await runPlaywright(distDir, args)
  } finally {
    if (build) rmSync(distDir, { recursive: true, force: true })
  }
}

async function runPlaywright(distDir, args) {
  let chromium
  try {
    chromium = await findChromium({ headless: true })
  } catch (error) {
    console.error(error.message)
    return { passed: 0, failed: 1, ok: false }
  }
  const report = `${cacheDir}/playwright-${process.pid}.json`
  rmSync(report, { force: true })
  const [port, apiPort, proxyPort, ssoPort, brandPort] = await freePorts(5)
  const outputDir = `${cacheDir}/test-results-${process.pid}`
  const env = projectEnv({
    CHROMIUM_PATH: chromium,
    E2E_PORT: port,
    E2E_API_PORT: apiPort,
    E2E_PROXY_PORT: proxyPort,
    E2E_SSO_PORT: ssoPort,
    E2E_BRAND_PORT: brandPort,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    E2E_OUTPUT_DIR: outputDir,
    DIST_DIR: distDir,
  })
  const code = await run('npx', ['playwright', 'test', '--reporter=list,json', ...args], { env })
  let stats = null
  try {
    stats = JSON.parse(readFileSync(report, 'utf8')).stats
  } catch {
    // No report: the run counts as failed below.
  }
  rmSync(report, { force: true })
  // Traces and screenshots of failures stay for a look, a journey's that passed only on its retry
  // too (a rare hang is read there afterwards); a run green at the first try leaves nothing behind.
  if (code === 0 && !stats?.flaky) rmSync(outputDir, { recursive: true, force: true })
  else if (stats?.flaky) console.log(`The first tries of the flaky journeys: ${outputDir}`)
  if (!stats) return { passed: 0, failed: 1, ok: false }
  const passed = stats.expected + stats.flaky
  return { passed, failed: stats.unexpected || (code === 0 ? 0 : 1), ok: code === 0 }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  const build = !args.includes('--no-build')
  // `node scripts/e2e.mjs -- e2e/x.spec.ts` as `npm run test:e2e -- e2e/x.spec.ts`: a `--` passed
  // on to Playwright would make every option after it a file filter and run all the journeys.
  const passed = args.filter((arg) => arg !== '--no-build' && arg !== '--')
  const result = await runE2e({ build, args: passed })
  console.log(`${result.passed} passed, ${result.failed} failed`)
  process.exit(result.ok ? 0 : 1)
}
