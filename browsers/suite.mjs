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

if (!skip) {
  before(async () => {
    browser = await launch(engine, {
      cacheDir: process.env.BROWSERS_CACHE_DIR,
      env: process.env,
      watch: process.env.BROWSERS_WATCH === '1',
    })
    ui = pageOf(browser, baseURL)
  })

  // Each journey starts on the demo data as seeded, in a tab with nothing stored.
  beforeEach(async () => {
    const reset = await fetch(new URL('/__test/reset', baseURL), { method: 'POST' })
    if (!reset.ok) throw new Error(`Resetting the demo world answered ${reset.status}`)
    await browser.reset()
  })

  after(() => browser?.close())
}

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
  test(`${engine} › ${name}`, { skip, timeout: 120_000 }, async () => {
    try {
      await walk(ui)
    } catch (error) {
      if (error instanceof Error) error.message += await keepScreenshot(name)
      throw error
    }
  })
}
