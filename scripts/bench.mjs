/**
 * `npm run bench`: builds the portal and a bare React 19 reference, serves the portal with the
 * production server and the demo API, and measures per address people open the JS and CSS loaded
 * before it is usable (next to a bare React app's), Lighthouse (mobile) scores and timings, each
 * run paired with a run of the bare React page, the device list and app catalog of a large
 * account (5,000 devices, 2,000 apps), each run paired with a bare React list, the lines of the
 * start of a page, and the production server's throughput. Prints the figures next to
 * bench/budgets.json, writes bench-results/bench.json, and exits 1 when a budget is broken.
 *
 *   --runs N          Lighthouse and large-account runs, the median counts (default 3; 5 with
 *                     --load, whose noise three pairs do not even out)
 *   --load            a second headless Chromium loads the portal in a loop for the whole run
 *   --no-lighthouse   sizes, the large account and the server only (quick, for size work)
 *   --no-server       leaves out the server's load measurement
 *   --reference       measures the references alone (bare React's page in Lighthouse, the
 *                     reference list), for their idle figures in bench/budgets.json
 *   --only TEXT       Lighthouse for the routes whose name holds TEXT only (quick, for work on
 *                     one route; the budgets of the others are then not checked)
 *   --simulate        Lighthouse's simulated throttling instead of the applied one (see
 *                     bench/lighthouse.mjs), for comparison
 */
import { chromium } from '@playwright/test'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { BROWSER_ARGS, findChromium } from './browser.mjs'
import { buildFloor, buildPortal } from './bench/build.mjs'
import { BUDGET_FILE, checkBudgets, idleMainThreadMs, readBudgets } from './bench/budgets.mjs'
import { chunkComposition } from './bench/chunk-sources.mjs'
import { ADMIN, firstDeviceId, login, resetPasswordPath } from './bench/demo-api.mjs'
import {
  LARGE_DEMO,
  measureLargeAccount,
  measureReferenceList,
  measureTenantLists,
  TENANT,
} from './bench/large-account.mjs'
import { medianOfRuns, openLighthouse } from './bench/lighthouse.mjs'
import { pairedRatio, performanceAtIdle, tbtAtIdle } from './bench/pairing.mjs'
import {
  printBudgets,
  printLargeAccount,
  printTaps,
  printTenant,
  printLighthouse,
  printServer,
  printSizes,
  printStartLines,
} from './bench/report.mjs'
import { startSecondBrowser } from './bench/second-browser.mjs'
import { measureServer } from './bench/server-load.mjs'
import { benchCertificate, startPortal, startStatic } from './bench/servers.mjs'
import { startOfPageLines } from './bench/start-lines.mjs'
import { measureTaps, referenceTap } from './bench/taps.mjs'
import { median } from './bench/stats.mjs'
import { measureTransfer } from './bench/transfer.mjs'
import { cacheDir, projectEnv, root } from './env.mjs'

const args = process.argv.slice(2)
const withLoad = args.includes('--load')
const runsArg = args.indexOf('--runs')
const runs = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1]) || 1) : withLoad ? 5 : 3
const withLighthouse = !args.includes('--no-lighthouse')
const withServer = !args.includes('--no-server')
const referenceOnly = args.includes('--reference')
const onlyArg = args.indexOf('--only')
const only = onlyArg >= 0 ? (args[onlyArg + 1] ?? '') : null
const throttling = args.includes('--simulate') ? 'simulate' : 'devtools'
/** A ratio to a reference is decided by the median of at least this many pairs. */
const PAIRS = 5

// Lighthouse and Chromium keep their settings and caches inside the project.
Object.assign(process.env, projectEnv())

/**
 * The addresses people open; `path` may need what the demo API gave us first. `session`: none;
 * `tab`: the tab has it (after signing in, or a reload); `new tab`: opened in a new tab while
 * another tab of the portal (at `/devices`) has it and hands it over. `signIn`: the sign-in
 * form, whose JavaScript is held to a multiple of bare React's; `form`: the address is usable
 * once its form takes typing.
 */
const ROUTES = [
  { name: 'start, no session', path: () => '/', session: 'none', signIn: true, form: true },
  { name: 'sign-in', path: () => '/login', session: 'none', signIn: true, form: true },
  { name: 'devices', path: () => '/devices', session: 'tab' },
  { name: 'device, new tab', path: (demo) => `/devices/${demo.deviceId}`, session: 'new tab' },
  { name: 'apps', path: () => '/apps', session: 'tab' },
  { name: 'enrollment', path: () => '/enroll', session: 'tab' },
  { name: 'account', path: () => '/account', session: 'tab' },
  { name: 'reset link', path: (demo) => demo.resetPath, session: 'none', form: true },
]
/** Where the tab that hands over the session is, for a route opened in a new tab. */
const HOLDER_PATH = '/devices'

const started = Date.now()
const log = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`)
const work = `${cacheDir}/bench-${process.pid}`
const portalDist = `${work}/portal`
const cleanups = []

async function measure() {
  const budgets = readBudgets()
  const chromePath = await findChromium()

  log('building the portal and the references it is compared with')
  await buildPortal(portalDist)
  for (const floor of ['bare-react', 'stack-floor', 'reference-list']) {
    await buildFloor(floor, `${work}/${floor}`)
  }

  // Over HTTPS, as in production, where the portal's server speaks HTTP/2 (docs/architecture.md, "First page").
  const certificate = benchCertificate(`${work}/tls`)
  const browserArgs = [...BROWSER_ARGS, `--ignore-certificate-errors-spki-list=${certificate.spki}`]
  const portal = await startPortal(portalDist, {}, certificate)
  cleanups.push(portal.stop)
  const token = await login(portal)
  const demo = { deviceId: await firstDeviceId(portal, token) }
  demo.resetPath = await resetPasswordPath(portal)
  const reference = await startStatic(`${work}/bare-react`)
  cleanups.push(reference.stop)
  const referenceList = await startStatic(`${work}/reference-list`)
  cleanups.push(referenceList.stop)

  let load = null
  if (withLoad) {
    log('a second headless Chromium loads the portal in a loop (--load)')
    const paths = ROUTES.filter((route) => route.session !== 'none').map((r) => r.path(demo))
    load = await startSecondBrowser(chromePath, browserArgs, portal.url, token, [
      '/',
      '/login',
      ...paths,
    ])
    cleanups.push(async () => {
      await load?.stop()
    })
  }

  const browser = await chromium.launch({ executablePath: chromePath, args: browserArgs })
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
      token: route.session === 'none' ? undefined : token,
      holder: route.session === 'new tab' ? portal.url + HOLDER_PATH : undefined,
      form: route.form,
    })
    routes.push({
      name: route.name,
      path,
      session: route.session,
      signIn: route.signIn ?? false,
      heading: transfer.heading,
      typingMs: transfer.typingMs,
      js: transfer.js,
      css: transfer.css,
      ratio: ratioToBare(transfer.js),
      stackRatio: transfer.js.gzip / stackFloor.js.gzip,
    })
  }
  const signInFiles = routes
    .filter((route) => route.signIn)
    .flatMap((route) => route.js.files.map((file) => file.path))
    .filter((file, index, all) => all.indexOf(file) === index && file.startsWith('/'))
    .map((file) => `${portalDist}${file}`)
  const signInComposition = mergeCompositions(signInFiles)

  if (withLighthouse) {
    const lighthouse = await openLighthouse(chromePath, throttling, browserArgs)
    cleanups.push(() => lighthouse.close())
    for (const [index, route] of ROUTES.entries()) {
      if (only !== null && !route.name.includes(only)) continue
      log(`Lighthouse: ${route.name}, each run paired with one of bare React`)
      const url = portal.url + routes[index].path
      const session =
        route.session === 'tab'
          ? { token }
          : route.session === 'new tab'
            ? { newTab: { holder: portal.url + HOLDER_PATH, token } }
            : {}
      const pairs = []
      for (let run = 0; run < runs; run++) {
        pairs.push({
          portal: await lighthouse.run(url, session),
          reference: await lighthouse.run(reference.url),
        })
      }
      routes[index].lighthouse = medianOfRuns(pairs.map((pair) => pair.portal))
      routes[index].reference = medianOfRuns(pairs.map((pair) => pair.reference))
      // TBT over the main-thread work of bare React's page in the same pair (its TBT is 0); TBT
      // at the reference's idle pace, and the performance score with it.
      const idle = idleMainThreadMs(budgets, throttling)
      routes[index].paired = {
        tbt: pairedRatio(pairs, 'tbtMs', 'mainThreadMs'),
        tbtAtIdle: median(pairs.map((pair) => tbtAtIdle(pair, idle))),
        performance: median(pairs.map((pair) => performanceAtIdle(pair, idle))),
      }
    }
  }

  log(`large account (MDM_LARGE_DEMO=${LARGE_DEMO}): device list and app catalog`)
  const largeAccount = await measureLarge(browser, portalDist, referenceList.url)
  log(
    `large tenant (MDM_LARGE_DEMO=${TENANT.demo} MDM_PAGE_SIZE=${TENANT.pageSize}): the help desk's device and user lists`,
  )
  const tenant = await measureTenant(browser, portalDist, referenceList.url)
  log('taps at 4× CPU slowdown, each run paired with typing into the reference list')
  const taps = await measureTaps(browser, portal.url, token, demo, {
    runs,
    referenceUrl: referenceList.url,
  })

  let server = null
  if (withServer) {
    log('the production server under load')
    server = await measureServer(portalDist).catch((error) => ({
      error: error instanceof Error ? error.message : String(error),
    }))
  }

  const secondBrowser = load ? await load.stop() : null
  load = null

  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      node: process.version,
      loadAverage: loadavg(),
      secondBrowser,
    },
    lighthouseRuns: withLighthouse ? runs : 0,
    lighthouseThrottling: throttling,
    runs,
    bare,
    stackFloor,
    routes,
    signInComposition,
    largeAccount,
    tenant,
    taps,
    startOfPage: startOfPageLines(),
    server,
  }
  return { results, checks: checkBudgets(budgets, results) }
}

/** `--reference`: the references' figures alone, each run printed, then their medians. */
async function measureReferences() {
  const chromePath = await findChromium()
  for (const name of ['bare-react', 'reference-list']) await buildFloor(name, `${work}/${name}`)
  const page = await startStatic(`${work}/bare-react`)
  cleanups.push(page.stop)
  const list = await startStatic(`${work}/reference-list`)
  cleanups.push(list.stop)
  const browser = await chromium.launch({ executablePath: chromePath, args: BROWSER_ARGS })
  cleanups.push(() => browser.close())
  const lists = []
  for (let run = 0; run < runs; run++) {
    lists.push(await measureReferenceList(browser, list.url))
    log(
      `reference list: rendered ${lists.at(-1).renderMs} ms, keystroke ${lists.at(-1).filterMs} ms`,
    )
  }
  const taps = []
  for (let run = 0; run < runs; run++) {
    taps.push(await referenceTap(browser, list.url))
    log(`reference list at 4× CPU slowdown: typing's slowest interaction ${taps.at(-1)} ms`)
  }
  const lighthouse = await openLighthouse(chromePath, throttling)
  cleanups.push(() => lighthouse.close())
  const pages = []
  for (let run = 0; run < runs; run++) {
    pages.push(await lighthouse.run(page.url))
    log(`bare React's page: main thread ${Math.round(pages.at(-1).mainThreadMs)} ms`)
  }
  console.log(
    `\nMedians of ${runs} runs, load average ${loadavg()[0].toFixed(2)}: bare React's page ` +
      `${Math.round(median(pages.map((p) => p.mainThreadMs)))} ms of main-thread work; the ` +
      `reference list rendered in ${median(lists.map((l) => l.renderMs))} ms, a keystroke ` +
      `${median(lists.map((l) => l.filterMs))} ms, typing at 4× CPU slowdown ${median(taps)} ms ` +
      '(its slowest interaction). On an idle machine these are the figures of ' +
      '`reference` in bench/budgets.json.',
  )
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

async function measureLarge(browser, distDir, referenceUrl) {
  const server = await startPortal(distDir, { MDM_LARGE_DEMO: LARGE_DEMO })
  try {
    const token = await login(server)
    return {
      demo: LARGE_DEMO,
      ...(await measureLargeAccount(browser, server.url, token, {
        runs: Math.max(runs, PAIRS),
        referenceUrl,
      })),
    }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  } finally {
    await server.stop()
  }
}

async function measureTenant(browser, distDir, referenceUrl) {
  const server = await startPortal(distDir, {
    MDM_LARGE_DEMO: TENANT.demo,
    MDM_PAGE_SIZE: TENANT.pageSize,
  })
  try {
    const token = await login(server, ADMIN)
    // The reference API makes a world's 50,000 devices at its first request (a minute on a busy
    // machine): the service's own start, not the portal's time.
    await firstDeviceId(server, token)
    return {
      ...TENANT,
      ...(await measureTenantLists(browser, server.url, token, {
        runs: Math.max(runs, PAIRS),
        referenceUrl,
      })),
    }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  } finally {
    await server.stop()
  }
}

/** The whole bench: measures, prints, writes bench-results/bench.json; its exit code. */
async function bench() {
  const { results, checks } = await measure()
  printSizes(results)
  printLighthouse(results)
  printLargeAccount(results.largeAccount)
  printTenant(results.tenant)
  printTaps(results.taps)
  printStartLines(results.startOfPage)
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
  const second = results.machine.secondBrowser
  if (second) {
    console.log(
      `A second headless Chromium loaded the portal ${second.loads} times meanwhile (--load; ${second.failures} failed).`,
    )
  }
  console.log(
    `\nWrote bench-results/bench.json in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  )
  console.log(ok ? 'All budgets hold.' : `${checks.filter((c) => !c.ok).length} budget(s) broken.`)
  return ok ? 0 : 1
}

let exitCode = 1
try {
  if (referenceOnly) {
    await measureReferences()
    exitCode = 0
  } else {
    exitCode = await bench()
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  rmSync(work, { recursive: true, force: true })
}
process.exit(exitCode)
