/**
 * `npm run bench`: builds the portal and a bare React 19 floor, serves the portal with the
 * production server and the demo API, and measures per route the JS and CSS loaded before it is
 * usable (next to a bare React app's), Lighthouse (mobile) scores and timings, the device list
 * and app catalog of a large account (5,000 devices, 2,000 apps), and the production server's
 * throughput. Prints the figures next to bench/budgets.json, writes bench-results/bench.json, and
 * exits 1 when a budget is broken.
 *
 *   --runs N          Lighthouse and large-account runs, the median counts (default 3)
 *   --no-lighthouse   sizes, the large account and the server only (quick, for size work)
 *   --no-server       leaves out the server's load measurement
 */
import { chromium } from '@playwright/test'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { BROWSER_ARGS, findChromium } from './browser.mjs'
import { buildFloor, buildPortal } from './bench/build.mjs'
import { BUDGET_FILE, checkBudgets, readBudgets } from './bench/budgets.mjs'
import { chunkComposition } from './bench/chunk-sources.mjs'
import { firstDeviceId, login, resetPasswordPath } from './bench/demo-api.mjs'
import { measureLargeAccount } from './bench/large-account.mjs'
import { openLighthouse } from './bench/lighthouse.mjs'
import {
  printBudgets,
  printLargeAccount,
  printLighthouse,
  printServer,
  printSizes,
} from './bench/report.mjs'
import { measureServer } from './bench/server-load.mjs'
import { startPortal, startStatic } from './bench/servers.mjs'
import { measureTransfer } from './bench/transfer.mjs'
import { cacheDir, projectEnv, root } from './env.mjs'

const args = process.argv.slice(2)
const runsArg = args.indexOf('--runs')
const runs = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1]) || 1) : 3
const withLighthouse = !args.includes('--no-lighthouse')
const withServer = !args.includes('--no-server')
/** MDM_LARGE_DEMO=<devices>:<apps> of the reference API. */
const LARGE_DEMO = '5000:2000'

// Lighthouse and Chromium keep their settings and caches inside the project.
Object.assign(process.env, projectEnv())

/** The routes of the issue; `path` may need what the demo API gave us first. */
const ROUTES = [
  { name: 'sign-in', path: () => '/login', signedIn: false },
  { name: 'devices', path: () => '/devices', signedIn: true },
  { name: 'device details', path: (demo) => `/devices/${demo.deviceId}`, signedIn: true },
  { name: 'apps', path: () => '/apps', signedIn: true },
  { name: 'enrollment', path: () => '/enroll', signedIn: true },
  { name: 'account', path: () => '/account', signedIn: true },
  { name: 'reset password', path: (demo) => demo.resetPath, signedIn: false },
]

const started = Date.now()
const log = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`)
const work = `${cacheDir}/bench-${process.pid}`
const portalDist = `${work}/portal`
const cleanups = []

async function measure() {
  const budgets = readBudgets()
  const chromePath = await findChromium()

  log('building the portal and the floors it is compared with')
  await buildPortal(portalDist)
  for (const floor of ['bare-react', 'stack-floor']) await buildFloor(floor, `${work}/${floor}`)

  const portal = await startPortal(portalDist)
  cleanups.push(portal.stop)
  const token = await login(portal.url)
  const demo = { deviceId: await firstDeviceId(portal.url, token) }
  demo.resetPath = await resetPasswordPath(portal.url)

  const browser = await chromium.launch({ executablePath: chromePath, args: BROWSER_ARGS })
  cleanups.push(() => browser.close())
  log('measuring what each route loads')
  const floor = async (name) => {
    const server = await startStatic(`${work}/${name}`)
    try {
      return { js: (await measureTransfer(browser, server.url)).js }
    } finally {
      await server.stop()
    }
  }
  const bare = await floor('bare-react')
  const ratioToBare = (js) => ({ gzip: js.gzip / bare.js.gzip, brotli: js.brotli / bare.js.brotli })
  const stackFloor = await floor('stack-floor')
  stackFloor.ratio = ratioToBare(stackFloor.js)
  const routes = []
  for (const route of ROUTES) {
    const path = route.path(demo)
    const transfer = await measureTransfer(browser, portal.url + path, {
      token: route.signedIn ? token : undefined,
    })
    routes.push({
      name: route.name,
      path,
      heading: transfer.heading,
      js: transfer.js,
      css: transfer.css,
      ratio: ratioToBare(transfer.js),
    })
  }
  const signInFiles = routes[0].js.files.map((file) => `${portalDist}${file.path}`)
  const signInComposition = mergeCompositions(signInFiles)

  if (withLighthouse) {
    const lighthouse = await openLighthouse(chromePath)
    cleanups.push(() => lighthouse.close())
    for (const [index, route] of ROUTES.entries()) {
      log(`Lighthouse: ${route.name}`)
      routes[index].lighthouse = await lighthouse.audit(portal.url + routes[index].path, {
        token: route.signedIn ? token : undefined,
        runs,
      })
    }
  }

  log(`large account (MDM_LARGE_DEMO=${LARGE_DEMO}): device list and app catalog`)
  const largeAccount = await measureLarge(browser, portalDist)

  let server = null
  if (withServer) {
    log('the production server under load')
    server = await measureServer(portalDist).catch((error) => ({
      error: error instanceof Error ? error.message : String(error),
    }))
  }

  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      node: process.version,
      loadAverage: loadavg(),
    },
    lighthouseRuns: withLighthouse ? runs : 0,
    runs,
    bare,
    stackFloor,
    routes,
    signInComposition,
    largeAccount,
    server,
  }
  return { results, checks: checkBudgets(budgets, results) }
}

function mergeCompositions(files) {
  const groups = new Map()
  for (const file of files) {
    try {
      for (const [group, bytes] of chunkComposition(file)) {
        groups.set(group, (groups.get(group) ?? 0) + bytes)
      }
    } catch {
      // A file without a source map (there should be none) is left out of the breakdown.
    }
  }
  return [...groups].sort((a, b) => b[1] - a[1])
}

async function measureLarge(browser, distDir) {
  const server = await startPortal(distDir, { MDM_LARGE_DEMO: LARGE_DEMO })
  try {
    const token = await login(server.url)
    return {
      demo: LARGE_DEMO,
      ...(await measureLargeAccount(browser, server.url, token, { runs })),
    }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  } finally {
    await server.stop()
  }
}

let exitCode = 1
try {
  const { results, checks } = await measure()
  printSizes(results)
  printLighthouse(results)
  printLargeAccount(results.largeAccount)
  printServer(results.server)
  printBudgets(checks, BUDGET_FILE)
  const ok = checks.every((check) => check.ok)
  mkdirSync(`${root}bench-results`, { recursive: true })
  writeFileSync(
    `${root}bench-results/bench.json`,
    `${JSON.stringify({ ...results, budgets: checks, ok }, null, 2)}\n`,
  )
  console.log(
    `\nLoad average at the end: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  )
  console.log(
    `\nWrote bench-results/bench.json in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  )
  console.log(ok ? 'All budgets hold.' : `${checks.filter((c) => !c.ok).length} budget(s) broken.`)
  exitCode = ok ? 0 : 1
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  rmSync(work, { recursive: true, force: true })
}
process.exit(exitCode)
