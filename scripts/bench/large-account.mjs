/**
 * The long lists of a large account (MDM_LARGE_DEMO=5000:2000) in Chromium, for the device list
 * and the app catalog alike, whether they put every card in the page or only those in view:
 *
 * - rendered: until the list shows its total (the count text as seen, or a status in the main area) and the
 *   first screenful of cards is there (all of them, or enough to reach the bottom of the window),
 *   stamped in the frame that paints it; counted twice: from navigation start (loading the portal
 *   and the session included) and from the moment the list's answer (`device/list`, `app/list`)
 *   had arrived (its PerformanceResourceTiming responseEnd), which is the list's own rendering and
 *   the figure the budget holds;
 * - filter: from a keystroke in the list's search box until the filtered list has painted (double
 *   requestAnimationFrame after its last change), the median of several keystrokes. A list's
 *   `arrivesLater` parts (the app icons, each read from the service as its card comes into view)
 *   are not the list's change: their time is printed beside it (`withLaterMs`), with no budget.
 *
 * Each list is measured `runs` times in a fresh tab; the median of the runs counts. Each run is
 * paired with a run of the reference list (bench/reference-list: bare React sorting 5,000
 * devices, showing the first 100 and filtering them) right after it, and both timings are also taken as the median of their
 * ratios to the reference's.
 */
import { pairedRatio } from './pairing.mjs'
import { median } from './stats.mjs'
import { seedSession } from './transfer.mjs'

/** MDM_LARGE_DEMO of the large account: <devices>:<apps>. */
export const LARGE_DEMO = '5000:2000'

export const LISTS = [
  {
    name: 'devices',
    label: 'device list',
    path: '/devices',
    card: '/devices/',
    answer: 'device/list',
    query: 'ipad',
  },
  {
    name: 'apps',
    label: 'app catalog',
    path: '/apps',
    card: '/apps/',
    answer: 'app/list',
    query: '123',
    // An icon replaces its card's placeholder when the service has sent it: the network's time.
    arrivesLater: '.app-icon',
  },
]

/** The number a count text states ("5,000 devices", "Showing 12 of 5.000"): its largest. */
export function countIn(text) {
  const joined = text.replace(/(\d)[,.'\u00a0\u202f ](?=\d{3}(?!\d))/g, '$1')
  const numbers = (joined.match(/\d+/g) ?? []).map(Number)
  return numbers.length ? Math.max(...numbers) : null
}

/**
 * When the list's answer had arrived: the latest end among the requests to the API operation
 * `answer` (e.g. `device/list`, whatever the query) that ended by `at`, the frame that showed the
 * list; null when there was none. `entries` are the page's PerformanceResourceTiming entries.
 */
export function answerEnd(entries, answer, at) {
  let end = null
  for (const entry of entries) {
    const path = new URL(entry.name).pathname
    if (!path.endsWith(`/${answer}`) || entry.responseEnd <= 0 || entry.responseEnd > at) continue
    if (end === null || entry.responseEnd > end) end = entry.responseEnd
  }
  return end
}

/**
 * Runs in the page from its start: stamps the first frame in which the count text shows and the
 * cards fill the first screen, and when the list's answer had arrived; then the first frame in
 * which the list is whole (its pages arriving show a `<progress>` bar in the main area). `parseCount` is `countIn`
 * and `parseAnswerEnd` is `answerEnd`, given to the page as source.
 */
function watchList(cardPrefix, answer, parseCount, parseAnswerEnd) {
  const state = { at: 0, answeredAt: null, count: null, cards: 0, wholeAt: 0, wholeCount: null }
  window.__benchList = state
  const tick = () => {
    const main = document.querySelector('main')
    // The count a person sees: a list's own (`.list-count`, whose status region speaks less
    // often while pages arrive), else a status in the main area.
    const status = main ? [...main.querySelectorAll('.list-count, [role="status"]')] : []
    const count = status.map((node) => parseCount(node.textContent ?? '')).find((n) => n !== null)
    if (count !== undefined && count !== null) {
      const ids = new Set()
      let last = null
      for (const link of main.querySelectorAll('a[href]')) {
        const rest = link.pathname.startsWith(cardPrefix) && link.pathname.slice(cardPrefix.length)
        if (rest && !rest.includes('/')) {
          ids.add(rest)
          last = link
        }
      }
      const bottom = last ? last.getBoundingClientRect().bottom : 0
      if (ids.size > 0 && (ids.size >= count || bottom >= window.innerHeight)) {
        if (state.at === 0) {
          const at = performance.now()
          const entries = performance.getEntriesByType('resource')
          const answeredAt = parseAnswerEnd(entries, answer, at)
          Object.assign(state, { at, answeredAt, count, cards: ids.size })
        }
        // Whole: the list's pages have all arrived once its progress bar has gone.
        if (!main.querySelector('progress')) {
          Object.assign(state, { wholeAt: performance.now(), wholeCount: count })
          return
        }
      }
    }
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
}

/**
 * Runs in the page: stamps keystrokes into the search box and the paint after each change, the
 * list's own (`changed`, `painted`) and any, `arrivesLater` parts included (`changedAll`, `paintedAll`).
 */
function watchFilter(arrivesLater) {
  const main = document.querySelector('main')
  const state = { key: 0, changed: 0, painted: 0, changedAll: 0, paintedAll: 0 }
  window.__benchFilter = state
  document.addEventListener(
    'keydown',
    () =>
      Object.assign(state, {
        key: performance.now(),
        changed: 0,
        painted: 0,
        changedAll: 0,
        paintedAll: 0,
      }),
    { capture: true },
  )
  const later = (record) => {
    const node = record.target.nodeType === 1 ? record.target : record.target.parentElement
    return arrivesLater !== null && node?.closest(arrivesLater) !== null
  }
  const stamp = (changedKey, paintedKey) => {
    const changed = performance.now()
    state[changedKey] = changed
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (state[changedKey] === changed) state[paintedKey] = performance.now()
      }),
    )
  }
  new MutationObserver((records) => {
    stamp('changedAll', 'paintedAll')
    if (!records.every(later)) stamp('changed', 'painted')
  }).observe(main, { childList: true, subtree: true, characterData: true, attributes: true })
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

/**
 * One keystroke: ms until the list painted its last change (null when nothing of it changed),
 * and until anything did, its `arrivesLater` parts included; null when nothing changed at all.
 */
async function timeKeystroke(page, key) {
  await page.keyboard.press(key)
  const changed = await page
    .waitForFunction(() => window.__benchFilter.changedAll > 0, null, { timeout: 2_000 })
    .then(() => true)
    .catch(() => false)
  if (!changed) return null
  // The list is done when nothing has changed for 300 ms and the last change has painted.
  await page.waitForFunction(
    () => {
      const { changedAll: at, paintedAll: painted } = window.__benchFilter
      return painted > at && performance.now() - at > 300
    },
    null,
    { timeout: 10_000 },
  )
  return page.evaluate(() => {
    const { key, painted, paintedAll } = window.__benchFilter
    return { ms: painted > 0 ? painted - key : null, withLaterMs: paintedAll - key }
  })
}

async function measureOnce(browser, origin, token, list) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(seedSession, token)
  await context.addInitScript({
    content: `(${watchList})(${JSON.stringify(list.card)}, ${JSON.stringify(list.answer)}, ${countIn}, ${answerEnd})`,
  })
  const page = await context.newPage()
  try {
    await page.goto(`${origin}${list.path}`)
    await page.waitForFunction(() => window.__benchList.at > 0, null, { timeout: 60_000 })
    const shown = await page.evaluate(() => ({ ...window.__benchList }))
    await page.waitForLoadState('networkidle')

    const filtering = await timeFiltering(page, list.query, list.arrivesLater)
    return {
      count: shown.count,
      cards: shown.cards,
      renderMs: Math.round(shown.at),
      answerToRenderMs: shown.answeredAt === null ? null : Math.round(shown.at - shown.answeredAt),
      ...filtering,
    }
  } finally {
    await context.close()
  }
}

/** Types `query` into the page's search box and erases it: the median and the slowest keystroke. */
async function timeFiltering(page, query, arrivesLater = null) {
  const box = await searchBox(page)
  const keystrokes = []
  if (box) {
    await box.focus()
    await page.evaluate(watchFilter, arrivesLater)
    for (const key of [...query, ...[...query].map(() => 'Backspace')]) {
      const stroke = await timeKeystroke(page, key)
      if (stroke?.ms != null)
        keystrokes.push({
          key,
          ms: Math.round(stroke.ms),
          withLaterMs: Math.round(stroke.withLaterMs),
        })
    }
  }
  return {
    filterMs: median(keystrokes.map((stroke) => stroke.ms)),
    filterMaxMs: keystrokes.length ? Math.max(...keystrokes.map((stroke) => stroke.ms)) : null,
    withLaterMs: arrivesLater ? median(keystrokes.map((stroke) => stroke.withLaterMs)) : null,
    keystrokes,
  }
}

/** The query typed into the reference list: its first key keeps most of the 5,000 devices, the second few. */
export const REFERENCE_QUERY = '12'

/** One run of the reference list at `url`: rendered after its answer, and a filter keystroke. */
export async function measureReferenceList(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  try {
    await page.goto(url)
    await page.waitForFunction(() => window.__benchReference, null, { timeout: 60_000 })
    const { renderMs } = await page.evaluate(() => window.__benchReference)
    const { filterMs } = await timeFiltering(page, REFERENCE_QUERY)
    return { renderMs: Math.round(renderMs), filterMs }
  } finally {
    await context.close()
  }
}

/**
 * Measures each list `runs` times, each run paired with a run of the reference list at
 * `referenceUrl`: median render and keystroke, their ratios to the reference, every run's figures.
 * `only`: the names of the lists to measure (all without it).
 */
export async function measureLargeAccount(
  browser,
  origin,
  token,
  { runs = 3, referenceUrl, only = null },
) {
  const lists = []
  for (const list of LISTS.filter((one) => !only || only.includes(one.name))) {
    const each = []
    const pairs = []
    let error = null
    for (let run = 0; run < runs; run++) {
      try {
        const portal = await measureOnce(browser, origin, token, list)
        const reference = await measureReferenceList(browser, referenceUrl)
        each.push({ ...portal, reference })
        pairs.push({ portal, reference })
      } catch (caught) {
        error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught)
      }
    }
    const last = each.at(-1)
    lists.push({
      name: list.name,
      label: list.label,
      path: list.path,
      count: last?.count ?? null,
      cards: last?.cards ?? null,
      renderMs: median(each.map((run) => run.renderMs)),
      answerToRenderMs: median(each.map((run) => run.answerToRenderMs)),
      filterMs: median(each.map((run) => run.filterMs)),
      filterMaxMs: each.length ? Math.max(...each.map((run) => run.filterMaxMs ?? 0)) : null,
      withLaterMs: list.arrivesLater ? median(each.map((run) => run.withLaterMs)) : null,
      query: list.query,
      reference: {
        renderMs: median(pairs.map((pair) => pair.reference.renderMs)),
        filterMs: median(pairs.map((pair) => pair.reference.filterMs)),
      },
      // The list's own rendering and a keystroke, each over the reference's of the same pair.
      ratio: {
        answerToRender: pairedRatio(pairs, 'answerToRenderMs', 'renderMs'),
        filter: pairedRatio(pairs, 'filterMs'),
      },
      runs: each.map(({ renderMs, answerToRenderMs, filterMs, count, cards, reference }) => ({
        renderMs,
        answerToRenderMs,
        filterMs,
        count,
        cards,
        reference,
      })),
      ...(error ? { error } : {}),
    })
  }
  return { lists }
}

/** MDM_LARGE_DEMO and MDM_PAGE_SIZE of a large tenant: 50,000 devices in pages of 500. */
export const TENANT = { demo: '50000:2000', pageSize: '500' }

/** The help desk's lists of the large tenant, as its administrator opens them. */
export const TENANT_LISTS = [
  {
    name: 'tenant devices',
    label: "help desk's device list (50,000)",
    path: '/admin/devices',
    card: '/admin/devices/',
    answer: 'device/list',
    query: 'ipad',
  },
  {
    name: 'tenant users',
    label: "help desk's user list",
    path: '/admin/users',
    card: '/admin/users/',
    answer: 'user/list',
    query: 'anna',
  },
]

/**
 * One run of a help desk list at the large tenant's size: from navigation start until its first
 * screen (the count, which states the tenant's total, and a screenful of cards), until every page
 * has arrived, how many requests that took, the page's JavaScript heap once whole (after a
 * garbage collection), and a filter keystroke on the whole list.
 */
async function measureTenantOnce(browser, origin, token, list) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  // Playwright passes a script one argument: the help desk's role goes in the script itself.
  await context.addInitScript({ content: `(${seedSession})(${JSON.stringify(token)}, 'admin')` })
  await context.addInitScript({
    content: `(${watchList})(${JSON.stringify(list.card)}, ${JSON.stringify(list.answer)}, ${countIn}, ${answerEnd})`,
  })
  const page = await context.newPage()
  try {
    // The figures are stamped in the page; its load event is none of them.
    await page.goto(`${origin}${list.path}`, { waitUntil: 'commit' })
    await page.waitForFunction(() => window.__benchList.wholeAt > 0, null, { timeout: 120_000 })
    const shown = await page.evaluate(() => ({ ...window.__benchList }))
    // The user list reads all the tenant's devices too, for its counts: they come before a keystroke.
    await page.waitForLoadState('networkidle', { timeout: 180_000 })
    const requests = await page.evaluate(
      (answer) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith(`/${answer}`)).length,
      list.answer,
    )
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    const filtering = await timeFiltering(page, list.query, list.arrivesLater)
    return {
      count: shown.count,
      cards: shown.cards,
      firstScreenMs: Math.round(shown.at),
      wholeMs: Math.round(shown.wholeAt),
      requests,
      heapMb: Math.round(usedSize / 1e5) / 10,
      ...filtering,
    }
  } finally {
    await context.close()
  }
}

/**
 * Each help desk list `runs` times (at least five: a ratio is decided by the median of five
 * pairs), each run paired with a run of the reference list: the first screen and a keystroke,
 * their medians and their ratios to the reference's of the same pair. `only`: the names of the
 * lists to measure (all by default).
 */
export async function measureTenantLists(
  browser,
  origin,
  token,
  { runs = 5, referenceUrl, only = null },
) {
  const lists = []
  for (const list of TENANT_LISTS) {
    if (only && !only.includes(list.name)) continue
    const pairs = []
    let error = null
    for (let run = 0; run < runs; run++) {
      try {
        const portal = await measureTenantOnce(browser, origin, token, list)
        pairs.push({ portal, reference: await measureReferenceList(browser, referenceUrl) })
      } catch (caught) {
        error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught)
      }
    }
    const each = pairs.map((pair) => pair.portal)
    const of = (figure) => median(each.map((run) => run[figure]))
    lists.push({
      name: list.name,
      label: list.label,
      path: list.path,
      count: each.at(-1)?.count ?? null,
      firstScreenMs: of('firstScreenMs'),
      wholeMs: of('wholeMs'),
      requests: of('requests'),
      heapMb: of('heapMb'),
      filterMs: of('filterMs'),
      filterMaxMs: each.length ? Math.max(...each.map((run) => run.filterMaxMs ?? 0)) : null,
      withLaterMs: list.arrivesLater ? median(each.map((run) => run.withLaterMs)) : null,
      query: list.query,
      reference: {
        renderMs: median(pairs.map((pair) => pair.reference.renderMs)),
        filterMs: median(pairs.map((pair) => pair.reference.filterMs)),
      },
      ratio: {
        firstScreen: pairedRatio(pairs, 'firstScreenMs', 'renderMs'),
        filter: pairedRatio(pairs, 'filterMs'),
      },
      runs: pairs,
      ...(error ? { error } : {}),
    })
  }
  return { lists }
}
