/**
 * The journeys in one engine, as node's test runner runs them: `BROWSERS_ENGINE` names the
 * engine, `BROWSERS_PORTAL_URL` the demo portal of its own (in test mode) that
 * scripts/browsers.mjs started. `BROWSERS_SKIP` says why the engine cannot run here: every
 * journey is then reported skipped with that reason.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, beforeEach, test } from 'node:test'
import { launch } from './engines.mjs'
import { JOURNEYS } from './journeys.mjs'
import { pageOf } from './page.mjs'

const engine = process.env.BROWSERS_ENGINE
const baseURL = process.env.BROWSERS_PORTAL_URL
const skip = process.env.BROWSERS_SKIP || false
if (!engine || (!baseURL && !skip)) {
  throw new Error('Run the browser journeys with `npm run test:browsers` (scripts/browsers.mjs).')
}

let browser
let ui

/**
 * The portal starts while the browser does (scripts/browsers.mjs): wait until it answers, then
 * fetch the sign-in page and the code it names once, so the portal's first-time work (its
 * records store, the first files read) is behind it before a journey counts the seconds.
 */
async function portalReady() {
  const deadline = Date.now() + 180_000
  for (;;) {
    try {
      if ((await fetch(new URL('/healthz', baseURL))).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The portal at ${baseURL} did not answer`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const page = await (await fetch(new URL('/login', baseURL))).text()
  const files = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(([, file]) => file)
  await Promise.all(files.map(async (file) => (await fetch(new URL(file, baseURL))).arrayBuffer()))
  await post('/__test/reset')
}

/** `promise`, or a rejection once `ms` have passed without it settling. */
function within(ms, promise) {
  let timer
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/**
 * A POST to the portal, sent again when the connection it went out on had just been closed
 * (a kept-alive socket the server timed out), which says nothing about the portal.
 */
async function post(path) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(new URL(path, baseURL), { method: 'POST' })
      if (!response.ok) throw new Error(`${path} answered ${response.status}`)
      return
    } catch (error) {
      if (attempt === 3 || !(error instanceof TypeError)) throw error
    }
  }
}

async function start() {
  browser = await launch(engine, {
    cacheDir: process.env.BROWSERS_CACHE_DIR,
    env: process.env,
    watch: process.env.BROWSERS_WATCH === '1',
  })
  ui = pageOf(browser, baseURL)
}

if (!skip) {
  before(async () => {
    await Promise.all([start(), portalReady()])
    // The browser's first page of the portal (code to compile, a profile to fill) may take
    // minutes on a busy machine: it is opened once here, where no journey counts the time.
    await ui.goto('/login', { timeoutMs: 300_000 })
  })

  beforeEach(fresh)

  after(() => browser?.close())
}

/**
 * Each journey starts on the demo data as seeded, in a tab with nothing stored. A browser that
 * no longer answers (a journey before ran out of time in it) is replaced by a new one.
 */
async function fresh() {
  await post('/__test/reset')
  try {
    await within(60_000, browser.reset())
  } catch {
    await within(30_000, browser.close()).catch(() => {})
    await start()
    await ui.goto('/login', { timeoutMs: 300_000 })
  }
  browser.takeErrors()
}

/** As the Chromium journeys in CI: a failed journey is tried once more, and then called flaky. */
const RETRIES = process.env.CI ? 1 : 0

/** What the tab showed when a journey failed, kept for a look: `.cache/browsers-failures/`. */
async function keepScreenshot(name) {
  const dir = join(process.env.BROWSERS_CACHE_DIR, 'browsers-failures')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${engine}-${name.replace(/[^\w-]+/g, '-')}.png`)
  try {
    await browser.tab().screenshot(file)
    return `\nScreenshot: ${file} (at ${await browser.tab().url()})`
  } catch {
    return ''
  }
}

for (const [name, walk] of JOURNEYS) {
  test(`${engine} › ${name}`, { skip, timeout: 180_000 * (RETRIES + 1) }, async (t) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await walk(ui)
        const errors = browser.takeErrors()
        if (errors.length > 0) {
          throw new Error(`Errors the portal did not handle:\n${errors.join('\n')}`)
        }
        if (attempt > 0) t.diagnostic(`flaky: ${engine} › ${name}`)
        return
      } catch (error) {
        if (error instanceof Error) error.message += await keepScreenshot(name)
        if (attempt >= RETRIES) throw error
        console.log(`${engine} › ${name}: failed on try ${attempt + 1}, tried again:\n${error}`)
        await fresh()
      }
    }
  })
}
