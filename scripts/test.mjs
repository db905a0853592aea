/**
 * `npm test`: lint, format and typecheck (side by side), unit tests, build, end-to-end tests, in
 * that order, stopping at the first stage that fails. The last line is the totals of all test
 * suites.
 */
import { readFileSync, rmSync } from 'node:fs'
import { runE2e } from './e2e.mjs'
import { cacheDir, projectEnv } from './env.mjs'
import { ensurePostgres } from './postgres.mjs'
import { ensureRedisServer } from './redis.mjs'
import { run } from './run.mjs'

const totals = { passed: 0, failed: 0 }

function finish(ok, failedStage) {
  if (failedStage) console.error(`\nStage failed: ${failedStage}`)
  console.log(`${totals.passed} passed, ${totals.failed} failed`)
  process.exit(ok ? 0 : 1)
}

/**
 * Commands that print only what they find, run side by side (one or several); any failure stops
 * the run.
 */
async function stage(list) {
  console.log(`\n▶ ${list.map(([name]) => name).join(', ')}`)
  const codes = await Promise.all(
    list.map(([, command, args]) => run(command, args, { env: projectEnv() })),
  )
  const failed = list.filter((_, index) => codes[index] !== 0).map(([name]) => name)
  if (failed.length > 0) {
    totals.failed += failed.length
    finish(false, failed.join(', '))
  }
}

await stage([
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['typecheck', 'npx', ['tsc', '--noEmit']],
])

console.log('\n▶ unit tests')
try {
  ensureRedisServer()
  ensurePostgres()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  totals.failed += 1
  finish(false, 'unit tests')
}
const unitReport = `${cacheDir}/vitest.json`
rmSync(unitReport, { force: true })
const unitCode = await run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
  { env: projectEnv() },
)
try {
  const report = JSON.parse(readFileSync(unitReport, 'utf8'))
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests
} catch {
  totals.failed += 1
}
if (unitCode !== 0) {
  if (totals.failed === 0) totals.failed = 1
  finish(false, 'unit tests')
}

await stage([['build', 'npx', ['vite', 'build', '--logLevel', 'warn']]])

console.log('\n▶ end-to-end tests')
const e2e = await runE2e({ build: false })
totals.passed += e2e.passed
totals.failed += e2e.failed
finish(e2e.ok, e2e.ok ? null : 'end-to-end tests')
