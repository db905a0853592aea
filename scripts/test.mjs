/**
 * `npm test`: every check and every test suite, side by side where they can be, on one build.
 *
 *   build ──► end-to-end tests (Chromium) ─────────────────────────┐
 *         └─► other browsers (scripts/browsers.mjs, once there) ───┤
 *   unit tests ────────────────────────────────────────────────────┼─► stage times, totals
 *   lint, format, typecheck (at low priority) ─────────────────────┘
 *
 * The browser suites are the longest and wait on the build alone, so the build goes first and
 * they start the moment it is there; everything else runs beside them. On a fresh machine the
 * Debian packages the suites need are installed meanwhile, in the background, each suite waiting
 * only for its own: the build and the checks need none. Lint, format and typecheck
 * run at a lower priority: nothing waits on them. Each stage's output is printed in one block when
 * it ends (the end-to-end tests' as they go); a failing stage does not stop the others, so one run
 * says everything that is wrong. Then one line with each stage's time and the wall time, and, last,
 * the totals of all test suites.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { ENGINES, enginePackages } from '../browsers/engines.mjs'
import { aptInstallInBackground } from './apt.mjs'
import { chromiumPackages } from './browser.mjs'
import { runE2e } from './e2e.mjs'
import { cacheDir, projectEnv, root } from './env.mjs'
import { ensurePostgres, postgresPackages } from './postgres.mjs'
import { ensureRedisServer, redisPackages } from './redis.mjs'
import { run } from './run.mjs'

const started = performance.now()
const totals = { passed: 0, failed: 0 }
const failedStages = []
/** The names of the failed tests, said again at the end where the last lines of a log show them. */
const failedTests = []
/** [stage, seconds] in the order the stages ended. */
const times = []
const env = projectEnv(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {})

const seconds = (since) => Math.round((performance.now() - since) / 1000)

/** Runs `work` as the stage `name`, keeps its time; `work` resolves true when it passed. */
async function stage(name, work) {
  const since = performance.now()
  console.log(`▶ ${name}`)
  let ok = false
  try {
    ok = await work()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
  }
  times.push([name, seconds(since)])
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds(since)} s)`)
  if (!ok) failedStages.push(name)
  return ok
}

/** A command whose output is printed in one block when it ends: all of it when it failed. */
async function quiet(command, args, options = {}) {
  const { code, output } = await run(command, args, { env, capture: true, ...options })
  const text = output.trimEnd()
  if (code !== 0) {
    if (text) console.log(text)
  } else if (text) {
    // A passing run's summary is enough (vitest's last lines; lint and format say nothing).
    console.log(text.split('\n').slice(-6).join('\n'))
  }
  return code === 0
}

/** A check that is not a test suite: a failure counts once in the totals. */
async function check(name, command, args) {
  const ok = await stage(name, () => quiet(command, args, { nice: 10 }))
  if (!ok) totals.failed += 1
}

/**
 * What this machine lacks, in the order it is needed: Chromium for the journeys (the longest
 * stage), then Redis and PostgreSQL for the unit tests, then Firefox and WebKit. apt runs while
 * the build and the checks do; a failed install is said again by the stage that needed it.
 */
const installed = (packages, options) =>
  aptInstallInBackground(packages, options).catch(() => false)
const chromiumInstalled = installed(chromiumPackages({ headless: true }))
const storesInstalled = installed([...redisPackages(), ...postgresPackages()], {
  recommends: false,
})
const enginesInstalled = installed(ENGINES.flatMap(enginePackages), { recommends: false })

async function unitTests() {
  return stage('unit tests', async () => {
    await storesInstalled
    try {
      ensureRedisServer()
      ensurePostgres()
    } catch (error) {
      // Without Redis or PostgreSQL the store's tests cannot run: the suite counts as failed.
      totals.failed += 1
      throw error
    }
    const report = `${cacheDir}/vitest.json`
    rmSync(report, { force: true })
    const ok = await quiet('npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ])
    try {
      const result = JSON.parse(readFileSync(report, 'utf8'))
      totals.passed += result.numPassedTests
      totals.failed += result.numFailedTests || (ok ? 0 : 1)
      for (const file of result.testResults ?? [])
        for (const test of file.assertionResults ?? [])
          if (test.status === 'failed')
            failedTests.push(`${file.name.replace(root, '')} › ${test.fullName}`)
    } catch {
      totals.failed += 1
      return false
    }
    return ok
  })
}

const distDir = `${root}dist`

/**
 * ── Other browsers ──────────────────────────────────────────────────────────────────────────
 * The Firefox and WebKit suite (scripts/browsers.mjs, `runBrowsers({ distDir })` →
 * `{ passed, failed, skipped, failedNames, flaky, ok }`) runs on the same build, beside the
 * Chromium journeys and the unit tests: started after the unit tests, it ended last, alone on the
 * machine for its last half minute. Until that file exists this stage is not run.
 */
async function otherBrowsers(built) {
  const file = new URL('./browsers.mjs', import.meta.url)
  if (!existsSync(file) || !(await built)) return
  await enginesInstalled
  await stage('other browsers', async () => {
    const { runBrowsers } = await import(file.href)
    const result = await runBrowsers({ distDir })
    totals.passed += result.passed
    totals.failed += result.failed
    failedTests.push(...result.failedNames)
    return result.ok
  })
}

async function endToEnd(built) {
  if (!(await built)) return
  await chromiumInstalled
  await stage('end-to-end tests', async () => {
    const e2e = await runE2e({ build: false, distDir })
    totals.passed += e2e.passed
    totals.failed += e2e.failed
    return e2e.ok
  })
}

/** One build for every browser suite; a failed one counts once and they do not run. */
const built = stage('build', () =>
  quiet('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir]),
).then((ok) => {
  if (!ok) totals.failed += 1
  return ok
})

await Promise.all([
  endToEnd(built),
  otherBrowsers(built),
  unitTests(),
  check('lint', 'npx', ['eslint', '.']),
  check('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']),
  check('typecheck', 'npx', ['tsc', '--noEmit']),
])

if (failedStages.length > 0) console.error(`\nFailed: ${failedStages.join(', ')}`)
for (const name of failedTests) console.error(`  ✘ ${name}`)
console.log(
  `\nTimes: ${times.map(([name, time]) => `${name} ${time} s`).join(' · ')} · wall ${seconds(started)} s`,
)
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(failedStages.length === 0 ? 0 : 1)
