/**
 * Taps, as a person feels them: for the portal's most frequent interactions, the time from the
 * input to the next paint as Interaction to Next Paint counts it (Event Timing: the longest
 * `event` entry of the interaction, `durationThreshold` 16 ms, so anything quicker shows as
 * under 16 ms), with the CPU slowed 4× (`Emulation.setCPUThrottlingRate`, as Lighthouse's
 * mobile preset) for the interaction only: the page is loaded and prepared at full speed.
 *
 * The next paint is not always what a person waits for: a dialog may still be on its way then.
 * So each interaction that asks for something (not typing) also says what (`shown`, checked in
 * the page at each frame), and the time from the input until the frame that has it has painted
 * is printed beside (`shownMs`).
 *
 * Each interaction is measured `runs` times in a fresh tab, each run paired with typing into
 * bench/reference-list (bare React filtering 5,000 rows) at the same slowdown right after it.
 * Typing interactions are paired with the same interaction there; the others with it as the
 * machine's pace, since the reference has no such control.
 */
import { median } from './stats.mjs'
import { seedSession } from './transfer.mjs'

/** Runs in the page from its start: keeps every interaction's longest event entry. */
function watchTaps() {
  const state = { taps: new Map() }
  window.__benchTaps = state
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue
      const before = state.taps.get(entry.interactionId) ?? 0
      state.taps.set(entry.interactionId, Math.max(before, entry.duration))
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
}

const SEARCH_DEVICES = 'Search by name, model, serial number, IMEI or OS'

/**
 * The interactions: where each starts (`path`), what is done first at full speed (`prepare`),
 * and the interaction itself (`act`), in Anna's demo account. `typing`: paired with typing into
 * the reference list.
 */
export const TAPS = [
  {
    name: 'open a device from the list',
    shown: () => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Lock…'),
    path: '/devices',
    act: async (page) => {
      await page.getByRole('main').getByRole('link').filter({ hasText: 'iPhone' }).first().click()
      await page.getByRole('button', { name: 'Lock…' }).waitFor()
    },
  },
  {
    name: 'open the lock dialog',
    shown: () => document.querySelector('dialog[open]') !== null,
    path: (demo) => `/devices/${demo.deviceId}`,
    act: async (page) => {
      await page.getByRole('button', { name: 'Lock…' }).click()
      await page.getByRole('dialog').waitFor()
    },
  },
  {
    name: 'confirm a lock',
    shown: () => document.querySelector('dialog[open]') === null,
    path: (demo) => `/devices/${demo.deviceId}`,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Lock…' }).click()
      await page.getByRole('dialog').waitFor()
    },
    act: async (page) => {
      await page.getByRole('dialog').getByRole('button', { name: 'Lock now' }).click()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
    },
  },
  {
    name: 'type in the device search',
    path: '/devices',
    typing: true,
    act: async (page) => {
      await page.getByLabel(SEARCH_DEVICES).pressSequentially('iphone')
    },
  },
  {
    name: 'type in the app search',
    path: '/apps',
    typing: true,
    act: async (page) => {
      await page.getByLabel('Search by name').pressSequentially('team')
    },
  },
  {
    name: 'open a filter',
    shown: () => document.querySelector('main details[open]') !== null,
    path: '/devices',
    act: async (page) => {
      await page.getByText('Filters', { exact: true }).click()
      await page.locator('main details[open]').waitFor()
    },
  },
  {
    name: 'switch the language',
    shown: () => [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Meine Geräte'),
    path: '/devices',
    // The language is chosen in the account menu.
    prepare: async (page) => {
      await page.locator('button[aria-expanded]').filter({ hasText: 'Signed in as' }).click()
    },
    act: async (page) => {
      await page.getByLabel('Language').selectOption('de')
      await page.getByRole('heading', { level: 1, name: 'Meine Geräte' }).waitFor()
    },
  },
  {
    name: 'open the account menu',
    shown: () => [...document.querySelectorAll('label')].some((l) => l.textContent === 'Language'),
    path: '/devices',
    act: async (page) => {
      await page.locator('button[aria-expanded]').filter({ hasText: 'Signed in as' }).click()
      await page.getByLabel('Language').waitFor()
    },
  },
  {
    name: 'open lost mode',
    shown: () => document.querySelector('dialog[open]') !== null,
    path: (demo) => `/devices/${demo.deviceId}`,
    act: async (page) => {
      await page.getByRole('button', { name: 'Turn on lost mode…' }).click()
      await page.getByRole('dialog').waitFor()
    },
  },
  {
    name: 'go from a device back to the list',
    shown: () => document.querySelector('input[type=search]') !== null,
    path: (demo) => `/devices/${demo.deviceId}`,
    act: async (page) => {
      await page.getByRole('link', { name: 'All my devices' }).click()
      await page.getByLabel(SEARCH_DEVICES).waitFor()
    },
  },
]

/**
 * Runs in the page before the input: checks `shown` at each frame from the first input on (a
 * pointer, a key, or a select's change: Playwright chooses an option with neither), and keeps the
 * time the first frame that has it has painted (a task queued in that frame runs after its
 * paint), from the input's own time stamp.
 */
function watchShown() {
  const state = { input: null, shownMs: null }
  window.__benchShown = state
  const check = window.__benchShownCheck
  const onInput = (event) => (state.input ??= event.timeStamp)
  for (const type of ['pointerdown', 'keydown', 'change'])
    addEventListener(type, onInput, { capture: true })
  const frame = () => {
    if (state.input === null || !check()) return requestAnimationFrame(frame)
    setTimeout(() => (state.shownMs = performance.now() - state.input))
  }
  requestAnimationFrame(frame)
}

/**
 * Throttles the CPU 4× around `act` and answers the slowest interaction in it (ms, 0: < 16) and,
 * with `shown`, the time until it was shown (ms).
 */
async function timeInteraction(page, act, shown) {
  const cdp = await page.context().newCDPSession(page)
  await page.evaluate(() => window.__benchTaps.taps.clear())
  if (shown) {
    // Given as source: the page's Content-Security-Policy refuses eval, DevTools' evaluation not.
    await page.evaluate(`window.__benchShownCheck = ${shown}`)
    await page.evaluate(watchShown)
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  try {
    await act(page)
    // Event Timing reports an interaction once its next paint is done: two frames on, it is in.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await page
      .waitForFunction(() => window.__benchTaps.taps.size > 0, null, { timeout: 1_000 })
      .catch(() => {})
    const shownMs = shown
      ? await page
          .waitForFunction(() => window.__benchShown.shownMs, null, { timeout: 5_000 })
          .then((handle) => handle.jsonValue())
      : null
    const ms = await page.evaluate(() => Math.max(0, ...window.__benchTaps.taps.values()))
    return { ms, shownMs: shownMs === null ? null : Math.round(shownMs) }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  }
}

async function openPage(browser, url, token) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  if (token) await context.addInitScript(seedSession, token)
  await context.addInitScript(watchTaps)
  const page = await context.newPage()
  await page.goto(url, { waitUntil: 'networkidle' })
  return { page, close: () => context.close() }
}

/** Typing into the reference list at 4×: the slowest keystroke's interaction. */
export async function referenceTap(browser, referenceUrl) {
  const { page, close } = await openPage(browser, referenceUrl)
  try {
    await page.waitForFunction(() => window.__benchReference, null, { timeout: 60_000 })
    const { ms } = await timeInteraction(page, (tab) =>
      tab.getByLabel('Search').pressSequentially('12'),
    )
    return ms
  } finally {
    await close()
  }
}

/**
 * Each interaction `runs` times, each run paired with the reference: the median and the slowest
 * of the runs, and the median of the ratios to the reference of the same pair. `only`: the names
 * of the interactions to measure (all by default).
 */
export async function measureTaps(
  browser,
  origin,
  token,
  demo,
  { runs = 3, referenceUrl, only = null },
) {
  const taps = []
  for (const tap of TAPS) {
    if (only && !only.includes(tap.name)) continue
    const pairs = []
    let error = null
    for (let run = 0; run < runs; run++) {
      const path = typeof tap.path === 'function' ? tap.path(demo) : tap.path
      const { page, close } = await openPage(browser, origin + path, token)
      try {
        await page.getByRole('heading', { level: 1 }).waitFor()
        await tap.prepare?.(page)
        const portal = await timeInteraction(page, tap.act, tap.shown)
        pairs.push({ portal, reference: { ms: await referenceTap(browser, referenceUrl) } })
      } catch (caught) {
        error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught)
      } finally {
        await close()
      }
    }
    const usable = pairs.filter((pair) => pair.reference.ms > 0)
    taps.push({
      name: tap.name,
      typing: tap.typing ?? false,
      ms: median(pairs.map((pair) => pair.portal.ms)),
      slowestMs: pairs.length ? Math.max(...pairs.map((pair) => pair.portal.ms)) : null,
      referenceMs: median(pairs.map((pair) => pair.reference.ms)),
      shownMs: tap.shown ? median(pairs.map((pair) => pair.portal.shownMs)) : null,
      slowestShownMs: tap.shown ? Math.max(...pairs.map((pair) => pair.portal.shownMs)) : null,
      ratio: median(usable.map((pair) => pair.portal.ms / pair.reference.ms)),
      runs: pairs,
      ...(error ? { error } : {}),
    })
  }
  return taps
}
