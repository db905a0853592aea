/**
 * One part of the bench on its own, for work on it (the whole bench takes a quarter of an hour):
 *
 *   node scripts/bench/part.mjs taps   [--runs N] [--only TEXT] [--dist DIR]
 *   node scripts/bench/part.mjs tenant [--runs N] [--only TEXT] [--dist DIR]
 *   node scripts/bench/part.mjs newtab [--runs N] [--dist DIR] [--admin]
 *   node scripts/bench/part.mjs large  [--runs N] [--only TEXT] [--dist DIR]
 *
 * taps: the ten interactions at 4× CPU slowdown (scripts/bench/taps.mjs); tenant: the help
 * desk's lists at 50,000 devices (scripts/bench/large-account.mjs); newtab: Lighthouse on a
 * device's page opened in a new tab (the bench's "device, new tab"; with `--admin` the help desk's
 * page of that device), each run's LCP and where its time went; large: the device list and the
 * app catalog of a large account (5,000 devices, 2,000 apps: the bench's "large account",
 * scripts/bench/large-account.mjs), rendered after the answer and a filter keystroke, each run
 * paired with the reference list. `--only TEXT`: the
 * interactions or lists whose name holds TEXT. `--dist DIR`: a portal built earlier into DIR
 * (kept; without it the portal is built into a folder removed at the end). Prints each run and
 * the medians, with their ratios to the reference list of the same pair. Default: 5 runs.
 */
import { chromium } from '@playwright/test'
import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadavg } from 'node:os'
import { BROWSER_ARGS, findChromium } from '../browser.mjs'
import { cacheDir, projectEnv } from '../env.mjs'
import { buildFloor, buildPortal } from './build.mjs'
import { ADMIN, firstDeviceId, login } from './demo-api.mjs'
import {
  LARGE_DEMO,
  LISTS,
  measureLargeAccount,
  measureTenantLists,
  TENANT,
  TENANT_LISTS,
} from './large-account.mjs'
import { benchCertificate, startPortal, startStatic } from './servers.mjs'
import { measureTaps, TAPS } from './taps.mjs'
import { openLighthouse } from './lighthouse.mjs'
import { median } from './stats.mjs'

const [part, ...args] = process.argv.slice(2)
const option = (name) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}
const runs = Math.max(1, Number(option('--runs')) || 5)
const only = option('--only') ?? ''
if (!['taps', 'tenant', 'newtab', 'large'].includes(part)) {
  console.error(
    'Usage: node scripts/bench/part.mjs taps|tenant|newtab|large [--runs N] [--only TEXT] [--dist DIR] [--admin]',
  )
  process.exit(2)
}
Object.assign(process.env, projectEnv())

const work = `${cacheDir}/bench-part-${process.pid}`
const dist = resolve(option('--dist') ?? `${work}/portal`)
const cleanups = [() => rmSync(work, { recursive: true, force: true })]
const round = (ms) => (ms === null ? '–' : Math.round(ms))
const ratio = (value) => (value === null || value === undefined ? '–' : `${value.toFixed(2)}×`)

try {
  if (!existsSync(`${dist}/client`) && !existsSync(`${dist}/index.html`)) {
    console.log(`building the portal into ${dist}`)
    await buildPortal(dist)
  }
  const certificate = benchCertificate(`${work}/tls`)
  if (part === 'newtab') {
    const portal = await startPortal(dist, {}, certificate)
    cleanups.push(portal.stop)
    // `--admin`: the help desk's page of the same device, its session handed over from its list.
    const area = args.includes('--admin') ? '/admin' : ''
    const anna = await login(portal)
    const token = area ? await login(portal, ADMIN) : anna
    const url = `${portal.url}${area}/devices/${await firstDeviceId(portal, anna)}`
    const lighthouse = await openLighthouse(await findChromium(), 'devtools', [
      ...BROWSER_ARGS,
      `--ignore-certificate-errors-spki-list=${certificate.spki}`,
    ])
    cleanups.push(() => lighthouse.close())
    const lcps = []
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse.run(url, {
        newTab: { holder: `${portal.url}${area}/devices`, token, role: area ? 'admin' : undefined },
      })
      lcps.push(result.lcpMs)
      console.log(
        `run ${run + 1}: LCP ${round(result.lcpMs)} ms, FCP ${round(result.fcpMs)} ms, ` +
          `TBT ${round(result.tbtMs)} ms, ${JSON.stringify(result.lcp.phases)} ${result.lcp.element}`,
      )
    }
    console.log(`LCP median of ${runs}: ${round(median(lcps))} ms`)
  } else {
    await buildFloor('reference-list', `${work}/reference-list`)
    const referenceList = await startStatic(`${work}/reference-list`)
    cleanups.push(referenceList.stop)
    const browser = await chromium.launch({
      executablePath: await findChromium(),
      args: [...BROWSER_ARGS, `--ignore-certificate-errors-spki-list=${certificate.spki}`],
    })
    cleanups.push(() => browser.close())

    if (part === 'taps') {
      const portal = await startPortal(dist, {}, certificate)
      cleanups.push(portal.stop)
      const token = await login(portal)
      const demo = { deviceId: await firstDeviceId(portal, token) }
      const taps = await measureTaps(browser, portal.url, token, demo, {
        runs,
        referenceUrl: referenceList.url,
        only: TAPS.filter((tap) => tap.name.includes(only)).map((tap) => tap.name),
      })
      for (const tap of taps) {
        console.log(
          `${tap.name}: median ${round(tap.ms)} ms, slowest ${round(tap.slowestMs)} ms, ` +
            `reference ${round(tap.referenceMs)} ms, ratio ${ratio(tap.ratio)}` +
            (tap.shownMs === null
              ? ''
              : `; shown ${round(tap.shownMs)} ms (slowest ${round(tap.slowestShownMs)})`) +
            '; runs ' +
            tap.runs.map((run) => `${run.portal.ms}/${run.reference.ms}`).join(' ') +
            (tap.error ? ` (error: ${tap.error})` : ''),
        )
      }
    } else if (part === 'large') {
      const portal = await startPortal(dist, { MDM_LARGE_DEMO: LARGE_DEMO })
      cleanups.push(portal.stop)
      const token = await login(portal)
      const { lists } = await measureLargeAccount(browser, portal.url, token, {
        runs,
        referenceUrl: referenceList.url,
        only: LISTS.filter((list) => list.label.includes(only)).map((list) => list.name),
      })
      for (const list of lists) {
        console.log(
          `${list.label}: rendered after its answer ${round(list.answerToRenderMs)} ms ` +
            `(${ratio(list.ratio.answerToRender)}), keystroke ${round(list.filterMs)} ms ` +
            `(${ratio(list.ratio.filter)}, slowest ${round(list.filterMaxMs)}` +
            (list.withLaterMs != null ? `, ${round(list.withLaterMs)} ms with its icons` : '') +
            `); reference ` +
            `${round(list.reference.renderMs)} / ${round(list.reference.filterMs)} ms; runs ` +
            list.runs.map((run) => `${run.answerToRenderMs}/${run.filterMs}`).join(' ') +
            (list.error ? ` (error: ${list.error})` : ''),
        )
      }
    } else {
      const portal = await startPortal(dist, {
        MDM_LARGE_DEMO: TENANT.demo,
        MDM_PAGE_SIZE: TENANT.pageSize,
      })
      cleanups.push(portal.stop)
      const token = await login(portal, ADMIN)
      // The reference API makes its 50,000 devices at its first request: not the portal's time.
      await firstDeviceId(portal, token)
      const { lists } = await measureTenantLists(browser, portal.url, token, {
        runs,
        referenceUrl: referenceList.url,
        only: TENANT_LISTS.filter((list) => list.name.includes(only)).map((list) => list.name),
      })
      for (const list of lists) {
        console.log(
          `${list.label}: first screen ${round(list.firstScreenMs)} ms (${ratio(list.ratio.firstScreen)}), ` +
            `whole ${round(list.wholeMs)} ms, ${list.requests} requests, heap ${list.heapMb} MB, ` +
            `keystroke ${round(list.filterMs)} ms (${ratio(list.ratio.filter)}, slowest ${round(list.filterMaxMs)}); ` +
            `reference ${round(list.reference.renderMs)} / ${round(list.reference.filterMs)} ms; runs ` +
            list.runs.map((run) => `${run.portal.firstScreenMs}/${run.portal.filterMs}`).join(' ') +
            (list.error ? ` (error: ${list.error})` : ''),
        )
      }
    }
  }
  console.log(
    `load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  )
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup()?.catch?.(() => {})
}
