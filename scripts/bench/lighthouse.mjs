/**
 * Lighthouse 12 with its default (mobile) settings in headless Chromium. Signed-in routes get the
 * session seeded into the tab before the portal's first script runs, the way the sign-in page
 * leaves it; Lighthouse drives that same tab (puppeteer-core is what Lighthouse itself uses).
 *
 * The bench applies the throttling (`devtools`: the mobile preset's slow 4G imposed on the page as
 * it loads, which DevTools applies per request as 562.5 ms of latency and 1.47 Mbps, and the CPU
 * slowed 4×) unless `--simulate` asks for Lighthouse's own default, `simulate`. Lighthouse's simulation
 * (Lantern) loads the page unthrottled and counts every script that arrived before the page
 * painted as needed for that paint, unless the script ran after it; module scripts leave no trace
 * of running (GoogleChrome/lighthouse#17163, #16539). On a loopback server every module of a page
 * arrives before the first paint, so a page drawn by the server gets, as its simulated LCP, the
 * time to download all its code on the slow network, though the browser paints it before.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { mkdirSync, rmSync } from 'node:fs'
import puppeteer from 'puppeteer-core'
import { cacheDir } from '../env.mjs'
import { medianRun } from './stats.mjs'
import { BROWSER_ARGS } from '../browser.mjs'
import { seedSession } from './transfer.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices']

function summary(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const audit = (id) => lhr.audits[id]?.numericValue ?? null
  const failed = (id) =>
    lhr.categories[id]?.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id) ?? []
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    // All the main thread's work, as Lighthouse counts it (times the mobile CPU slowdown): the
    // reference page's is what a route's TBT is compared with (a bare React page has no TBT).
    mainThreadMs: audit('mainthread-work-breakdown'),
    cls: audit('cumulative-layout-shift'),
    fcpMs: audit('first-contentful-paint'),
    // What TBT is made of, to take it again at another pace (pairing.mjs): the long tasks (from
    // navigation start) and the end of TBT's window, time to interactive.
    interactiveMs: audit('interactive'),
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => ({
      startTime: task.startTime,
      duration: task.duration,
    })),
    lcp: lcpBreakdown(lhr),
    tbtPart: tbtPart(lhr),
    failedAccessibility: failed('accessibility'),
    failedBestPractices: failed('best-practices'),
    // What a failed audit found, in short, so a broken budget explains itself.
    findings: [...failed('accessibility'), ...failed('best-practices')].map((id) => ({
      id,
      items: (lhr.audits[id]?.details?.items ?? [])
        .slice(0, 5)
        .map((item) => JSON.stringify(item).slice(0, 300)),
    })),
    warnings: lhr.runWarnings,
  }
}

/**
 * What TBT gives the performance score: the category's exact score, TBT's share of its weight,
 * TBT's own score and its scoring curve (log-normal, Lighthouse's `scoringOptions`), so the score
 * can be worked out again for another TBT (see pairing.mjs).
 */
function tbtPart(lhr) {
  const category = lhr.categories.performance
  const refs = category?.auditRefs ?? []
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0)
  const weight = refs.find((ref) => ref.id === 'total-blocking-time')?.weight ?? 0
  const audit = lhr.audits['total-blocking-time']
  if (!category || !total || !audit?.scoringOptions) return null
  return {
    performanceScore: category.score,
    weight: weight / total,
    score: audit.score,
    scoring: audit.scoringOptions,
  }
}

/**
 * What the largest contentful paint was and where its time went (Lighthouse's phases: time to
 * first byte, resource load delay and time, element render delay), to explain a slow route.
 */
function lcpBreakdown(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? []
  const element = items[0]?.items?.[0]?.node
  const phases = Object.fromEntries(
    (items[1]?.items ?? []).map((phase) => [phase.phase, Math.round(phase.timing ?? 0)]),
  )
  return { element: element?.snippet?.slice(0, 160) ?? null, phases }
}

/** Each figure is the median of the runs; the notes are those of the median-scoring run. */
export const LIGHTHOUSE_FIGURES = ['performance', 'lcpMs', 'tbtMs', 'cls', 'fcpMs', 'mainThreadMs']
export const medianOfRuns = (runs) => ({
  ...medianRun(runs, LIGHTHOUSE_FIGURES),
  each: runs.map((run) => ({
    performance: run.performance,
    lcpMs: run.lcpMs,
    tbtMs: run.tbtMs,
    mainThreadMs: run.mainThreadMs,
  })),
})

/** `args`: Chromium's flags, BROWSER_ARGS by default. */
export async function openLighthouse(chromePath, throttlingMethod, args = BROWSER_ARGS) {
  const userDataDir = `${cacheDir}/lighthouse-profile-${process.pid}`
  mkdirSync(userDataDir, { recursive: true })
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...args, '--headless=new'],
    userDataDir,
    logLevel: 'silent',
  })
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  })

  /**
   * `token`: the tab has the session, as after signing in or a reload. `newTab`: the tab starts
   * with none and another tab of the portal (`newTab.holder`, opened first with the session) hands
   * it over, as when a link is opened in a new tab.
   */
  async function runOnce(url, { token, newTab } = {}) {
    const holder = newTab ? await openHolder(newTab) : null
    const page = await browser.newPage()
    try {
      if (token) await page.evaluateOnNewDocument(seedSession, token)
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          throttlingMethod,
        },
        undefined,
        page,
      )
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
      if (result.lhr.runtimeError) {
        throw new Error(`Lighthouse: ${result.lhr.runtimeError.message} (${url})`)
      }
      return summary(result.lhr)
    } finally {
      await page.close()
      await holder?.close()
    }
  }

  async function openHolder({ holder: url, token, role }) {
    const holder = await browser.newPage()
    await holder.evaluateOnNewDocument(seedSession, token, role)
    await holder.goto(url, { waitUntil: 'networkidle0' })
    return holder
  }

  /** Lighthouse now and then fails to record a trace (NO_NAVSTART and the like): try again. */
  async function runWithRetry(url, session, attempts = 3) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await runOnce(url, session)
      } catch (error) {
        if (attempt >= attempts) throw error
        console.warn(`${error instanceof Error ? error.message : error}; trying again`)
      }
    }
  }

  return {
    /** One run of `url`: its figures. `session` as `runOnce` takes it. */
    run: (url, session = {}) => runWithRetry(url, session),
    async close() {
      await browser.disconnect()
      chrome.kill()
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}
