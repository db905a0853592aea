/**
 * `npm run test:browsers`: the core journeys (browsers/journeys.mjs) in Firefox ESR and WebKit,
 * beside the Chromium suite of `npm run test:e2e`. Each engine gets a demo portal of its own (in
 * test mode, records on) on a free loopback port; both engines run side by side. An engine whose
 * Debian packages are missing is installed when we are root with apt (as CI runs), else skipped
 * with the reason and what to install. The last line is the totals.
 *
 *   node scripts/browsers.mjs [--engine firefox|webkit] [--watch] [--grep <pattern>] [--no-build | --dist <dir>]
 *
 * `--dist <dir>` serves a build made before. `--watch` shows the browser on the display the run was started from (DISPLAY), slowed a little.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { ENGINES, missing } from '../browsers/engines.mjs'
import { cacheDir, projectEnv, root } from './env.mjs'
import { freePorts } from './ports.mjs'
import { run } from './run.mjs'

/** Prints a child's lines with the engine's name before each, so two engines read apart. */
function prefixed(stream, prefix, sink) {
  createInterface({ input: stream }).on('line', (line) => sink.write(`${prefix} ${line}\n`))
}

/** Starts `node --import tsx <file>` and resolves once `url` answers; `stop()` ends it. */
async function startServer(name, file, url, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  prefixed(child.stderr, `[${name}]`, process.stderr)
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', resolve)
      child.kill('SIGTERM')
    })
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} ended before it answered`)
    try {
      if ((await fetch(url)).ok) return { stop }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${name} did not answer at ${url} within 180 s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The demo portal an engine's journeys run against: test mode, records on, quick devices. */
function portalEnv({ port, distDir, tileURL, dataDir }) {
  return projectEnv({
    HOST: '127.0.0.1',
    PORT: port,
    PORTAL_URL: `http://127.0.0.1:${port}`,
    DIST_DIR: distDir,
    MDM_TEST_MODE: '1',
    PORTAL_RECORDS: '1',
    PORTAL_DATA_DIR: dataDir,
    // Demo devices answer within a second: a journey follows each action to its end.
    MDM_COMMAND_DELAY_MS: '800',
    MAP_TILE_URL: tileURL,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
    FORGOT_PASSWORD_RATE_LIMIT: '100000',
    LOGIN_ADDRESS_RATE_LIMIT: '100000',
    FORGOT_PASSWORD_ADDRESS_RATE_LIMIT: '100000',
    SIGN_OUT_RATE_LIMIT: '100000',
    LINK_RATE_LIMIT: '100000',
  })
}

/** Counts of node's TAP report (`# pass 9` …), the failed journeys' names and the flaky ones'. */
export function countsOf(report) {
  const count = (word) => Number(report.match(new RegExp(`^# ${word} (\\d+)$`, 'm'))?.[1] ?? 0)
  const names = (pattern) => [...report.matchAll(pattern)].map(([, name]) => name)
  return {
    passed: count('pass'),
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped'),
    failedNames: names(/^not ok \d+ - (.+)$/gm),
    flaky: names(/^# flaky: (.+)$/gm),
  }
}

/** Runs browsers/suite.mjs for one engine under node's test runner; resolves with its counts. */
async function runEngine(engine, env, grep, signal) {
  const report = `${cacheDir}/browsers-${engine}-${process.pid}.tap`
  rmSync(report, { force: true })
  const args = [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${report}`,
    ...(grep ? [`--test-name-pattern=${grep}`] : []),
    'browsers/suite.mjs',
  ]
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    signal,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.on('error', () => {
    // Stopped by `signal`: its portal did not start, which is reported.
  })
  prefixed(child.stdout, `[${engine}]`, process.stdout)
  prefixed(child.stderr, `[${engine}]`, process.stderr)
  const code = await new Promise((resolve) => child.on('close', (exit) => resolve(exit ?? 1)))
  let counts
  try {
    counts = countsOf(readFileSync(report, 'utf8'))
  } catch {
    counts = { passed: 0, failed: 0, skipped: 0, failedNames: [], flaky: [] }
  } finally {
    rmSync(report, { force: true })
  }
  if (code !== 0 && counts.failed === 0) counts.failed = 1
  return counts
}

/**
 * Runs the journeys in `engines` (both by default) against the portal built in `distDir`.
 * Resolves with `{ passed, failed, skipped, failedNames, flaky, ok }`: a skipped engine is named with its reason and
 * counts its journeys as skipped; `ok` is false only when a journey failed.
 */
export async function runBrowsers({
  distDir = `${root}dist`,
  engines = ENGINES,
  watch = false,
  grep,
} = {}) {
  // The portal's static files want an absolute folder.
  distDir = resolve(distDir)
  const totals = { passed: 0, failed: 0, skipped: 0, failedNames: [], flaky: [] }
  if (watch && !process.env.DISPLAY) {
    console.warn('--watch needs a display (DISPLAY is not set): the browsers run unseen.')
    watch = false
  }
  const skipped = new Map(engines.map((engine) => [engine, missing(engine)]))
  const running = engines.filter((engine) => !skipped.get(engine))
  const servers = []
  const dataDirs = []
  try {
    const [tilePort, ...portalPorts] = await freePorts(running.length + 1)
    const tileURL = `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`
    const tileServer =
      running.length > 0
        ? startServer(
            'tile server',
            'e2e/tile-server.ts',
            `http://127.0.0.1:${tilePort}/healthz`,
            projectEnv({ PORT: tilePort }),
          ).then((server) => servers.push(server))
        : null
    // Each browser starts while its portal does (the journeys wait for the portal to answer).
    const results = await Promise.all(
      engines.map(async (engine) => {
        const reason = skipped.get(engine)
        const env = projectEnv({ BROWSERS_ENGINE: engine, BROWSERS_CACHE_DIR: cacheDir })
        if (reason) {
          console.log(`[${engine}] skipped: ${reason}`)
          return runEngine(engine, { ...env, BROWSERS_SKIP: reason }, grep)
        }
        const port = portalPorts[running.indexOf(engine)]
        const dataDir = mkdtempSync(`${cacheDir}/browsers-records-${engine}-`)
        dataDirs.push(dataDir)
        const stopEngine = new AbortController()
        const portal = startServer(
          `${engine} portal`,
          'server/main.ts',
          `http://127.0.0.1:${port}/healthz`,
          portalEnv({ port, distDir, tileURL, dataDir }),
        ).then(
          (server) => servers.push(server) && server,
          (error) => {
            stopEngine.abort()
            throw error
          },
        )
        const [server, counts] = await Promise.all([
          portal,
          runEngine(
            engine,
            {
              ...env,
              BROWSERS_PORTAL_URL: `http://127.0.0.1:${port}`,
              ...(watch ? { BROWSERS_WATCH: '1' } : {}),
            },
            grep,
            stopEngine.signal,
          ),
          tileServer,
        ])
        await server.stop()
        return counts
      }),
    )
    engines.forEach((engine, index) => {
      const { passed, failed, skipped: skips, failedNames, flaky } = results[index]
      const why = skipped.get(engine) ? ` (${skipped.get(engine)})` : ''
      console.log(`${engine}: ${passed} passed, ${failed} failed, ${skips} skipped${why}`)
      for (const name of flaky) console.log(`  flaky: ${name}`)
      totals.passed += passed
      totals.failed += failed
      totals.skipped += skips
      totals.failedNames.push(...failedNames)
      totals.flaky.push(...flaky)
    })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    totals.failed += 1
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  }
  return { ...totals, ok: totals.failed === 0 }
}

function option(args, name) {
  const index = args.indexOf(name)
  return index >= 0 ? args[index + 1] : undefined
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  const engine = option(args, '--engine')
  if (engine && !ENGINES.includes(engine)) {
    console.error(`--engine is one of ${ENGINES.join(', ')}, not ${engine}`)
    process.exit(2)
  }
  // A stand-alone run builds into a folder of its own (as scripts/e2e.mjs does); `--dist <dir>`
  // serves a build made before, `--no-build` the one in dist/.
  const given = option(args, '--dist') ?? (args.includes('--no-build') ? `${root}dist` : undefined)
  const build = !given
  const distDir = given ?? `${cacheDir}/browsers-dist-${process.pid}`
  let result = { passed: 0, failed: 1, skipped: 0, failedNames: [], flaky: [], ok: false }
  try {
    const code = build
      ? await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir])
      : 0
    if (code === 0) {
      result = await runBrowsers({
        distDir,
        engines: engine ? [engine] : ENGINES,
        watch: args.includes('--watch'),
        grep: option(args, '--grep'),
      })
    }
  } finally {
    if (build) rmSync(distDir, { recursive: true, force: true })
  }
  console.log(
    `browsers: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`,
  )
  process.exit(result.ok ? 0 : 1)
}
