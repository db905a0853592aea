/**
 * The device list of a large account (MDM_LARGE_DEMO: 500 devices) in Chromium: how long from
 * navigation start until the 500th device card is in the DOM, and how long from a keystroke in
 * the search box until the filtered list has painted (double requestAnimationFrame after the
 * list's last change), as the median of several keystrokes.
 */
import { seedSession } from './transfer.mjs'

const TARGET = 500
const QUERY = 'ipad'

/** Runs in the page from its start: notes when the number of device cards changes. */
function watchCards() {
  const cards = () => {
    const ids = new Set()
    for (const link of document.querySelectorAll('main a[href]')) {
      const match = /^\/devices\/([^/?#]+)$/.exec(link.pathname)
      if (match) ids.add(match[1])
    }
    return ids.size
  }
  const state = { count: 0, at: 0 }
  window.__benchCards = state
  const tick = () => {
    const count = cards()
    if (count !== state.count) Object.assign(state, { count, at: performance.now() })
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
}

/** Runs in the page: stamps keystrokes into the search box and the paint after each change. */
function watchFilter() {
  const main = document.querySelector('main')
  const state = { key: 0, changed: 0, painted: 0 }
  window.__benchFilter = state
  document.addEventListener(
    'keydown',
    () => Object.assign(state, { key: performance.now(), changed: 0, painted: 0 }),
    { capture: true },
  )
  new MutationObserver(() => {
    const changed = performance.now()
    state.changed = changed
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (state.changed === changed) state.painted = performance.now()
      }),
    )
  }).observe(main, { childList: true, subtree: true, characterData: true })
}

async function searchBox(page) {
  for (const locator of [
    page.locator('main input[type="search"]'),
    page.getByRole('main').getByRole('searchbox'),
    page.getByRole('main').getByRole('textbox'),
  ]) {
    if ((await locator.count()) > 0) return locator.first()
  }
  return null
}

/** One keystroke: ms until the list painted its last change, or null when nothing changed. */
async function timeKeystroke(page, key) {
  await page.keyboard.press(key)
  const changed = await page
    .waitForFunction(() => window.__benchFilter.changed > 0, null, { timeout: 2_000 })
    .then(() => true)
    .catch(() => false)
  if (!changed) return null
  // The list is done when nothing has changed for 300 ms and the last change has painted.
  await page.waitForFunction(
    () => {
      const { changed: at, painted } = window.__benchFilter
      return painted > at && performance.now() - at > 300
    },
    null,
    { timeout: 10_000 },
  )
  return page.evaluate(() => window.__benchFilter.painted - window.__benchFilter.key)
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

export async function measureLargeAccount(browser, origin, token) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(seedSession, token)
  await context.addInitScript(watchCards)
  const page = await context.newPage()
  try {
    await page.goto(`${origin}/devices`)
    const complete = await page
      .waitForFunction((target) => window.__benchCards.count >= target, TARGET, {
        timeout: 30_000,
      })
      .then(() => true)
      .catch(() => false)
    await page.waitForLoadState('networkidle')
    const cards = await page.evaluate(() => ({ ...window.__benchCards }))
    const render = { cards: cards.count, complete, renderMs: Math.round(cards.at) }

    const box = await searchBox(page)
    if (!box) return { ...render, filterMs: null, keystrokes: [], note: 'no search box found' }
    await box.focus()
    await page.evaluate(watchFilter)
    const keys = [...QUERY, ...QUERY.split('').map(() => 'Backspace')]
    const keystrokes = []
    for (const key of keys) {
      const ms = await timeKeystroke(page, key)
      if (ms !== null) keystrokes.push({ key, ms: Math.round(ms) })
    }
    const times = keystrokes.map((stroke) => stroke.ms)
    return {
      ...render,
      filterMs: times.length ? Math.round(median(times)) : null,
      filterMaxMs: times.length ? Math.max(...times) : null,
      keystrokes,
    }
  } finally {
    await context.close()
  }
}
