/** The bench's tables on the terminal. */

/** An address short enough for a table: a long token in its query is cut. */
const shortPath = (path) => (path.length > 32 ? `${path.slice(0, 31)}…` : path)

const kb = (bytes) => (typeof bytes === 'number' ? `${(bytes / 1024).toFixed(1)} KB` : '—')
const ms = (value) => (typeof value === 'number' ? `${Math.round(value)} ms` : '—')
const ratio = (value) => (typeof value === 'number' ? `${value.toFixed(2)}×` : '—')
const ratio3 = (value) => (typeof value === 'number' ? `${value.toFixed(3)}×` : '—')

function table(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => String(row[column]).length)),
  )
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
      )
      .join('  ')
  console.log(line(header))
  for (const row of rows) console.log(line(row))
}

export function printSizes(results) {
  console.log('\nJavaScript and CSS loaded before the route is usable (gzip -9 / brotli -q 11)\n')
  const { bare, stackFloor } = results
  table(
    [
      'route',
      'address',
      'JS gzip',
      'JS brotli',
      'CSS gzip',
      'CSS brotli',
      'JS × bare (gzip / brotli)',
      'form takes typing',
    ],
    [
      [
        'bare React 19 + ReactDOM',
        '',
        kb(bare.js.gzip),
        kb(bare.js.brotli),
        '—',
        '—',
        '1.00× / 1.00×',
        '',
      ],
      [
        'stack floor (no code of ours)',
        '',
        kb(stackFloor.js.gzip),
        kb(stackFloor.js.brotli),
        '—',
        '—',
        `${ratio(stackFloor.ratio.gzip)} / ${ratio(stackFloor.ratio.brotli)}`,
        '',
      ],
      ...results.routes.map((route) => [
        route.name,
        shortPath(route.path),
        kb(route.js?.gzip),
        kb(route.js?.brotli),
        kb(route.css?.gzip),
        kb(route.css?.brotli),
        `${ratio(route.ratio?.gzip)} / ${ratio(route.ratio?.brotli)}`,
        route.typingMs === null || route.typingMs === undefined ? '' : ms(route.typingMs),
      ]),
    ],
  )
  console.log(
    '\nform takes typing: from navigation start until the first field of the form is shown, enabled and not inert (unthrottled).',
  )
  console.log(
    '\nstack floor: React Router in data mode (router, middleware, lazy routes), i18next + react-i18next, react-error-boundary, as the sign-in page uses them.',
  )
  if (results.signInComposition) {
    console.log(
      '\nSign-in JS (`/` and `/login`) by package (minified bytes, from the source maps):',
    )
    for (const [group, bytes] of results.signInComposition.slice(0, 10)) {
      console.log(`  ${kb(bytes).padStart(9)}  ${group}`)
    }
  }
}

export function printLighthouse(results) {
  if (!results.routes.some((route) => route.lighthouse)) return
  const runs = results.routes.find((route) => route.lighthouse)?.lighthouse.runs
  console.log(
    `\nLighthouse 12, mobile preset, ${
      results.lighthouseThrottling === 'simulate'
        ? 'simulated throttling'
        : 'applied throttling (slow 4G: 562.5 ms a request, 1.47 Mbps; 4× CPU slowdown)'
    }, headless Chromium (median of ${runs} run(s), each paired with a run of bare React's page)\n`,
  )
  table(
    [
      'route',
      'performance',
      'accessibility',
      'best practices',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'main thread',
      'bare React: perf. / main thread',
      'TBT × bare main thread',
      'TBT at idle pace',
      'perf. at idle TBT',
    ],
    results.routes.map(({ name, lighthouse: lh, reference: ref, paired }) => [
      name,
      lh?.performance ?? '—',
      lh?.accessibility ?? '—',
      lh?.bestPractices ?? '—',
      ms(lh?.fcpMs),
      ms(lh?.lcpMs),
      ms(lh?.tbtMs),
      typeof lh?.cls === 'number' ? lh.cls.toFixed(3) : '—',
      ms(lh?.mainThreadMs),
      `${ref?.performance ?? '—'} / ${ms(ref?.mainThreadMs)}`,
      ratio3(paired?.tbt),
      ms(paired?.tbtAtIdle),
      paired?.performance ?? '—',
    ]),
  )
  console.log(
    "\nmain thread: all the main thread's work as Lighthouse counts it (4× CPU slowdown); TBT × bare main thread: the median over the pairs of the route's TBT divided by bare React's main-thread work in the same pair; TBT at idle pace: TBT worked out again from the run's long tasks, each shortened by as much as bare React's page in the same pair was slowed against its idle main-thread work (bench/budgets.json), the median over the pairs; perf. at idle TBT: the score with that TBT.",
  )
  console.log('\nLargest contentful paint: the element, and where its time went (median run)')
  for (const { name, lighthouse: lh } of results.routes) {
    if (!lh?.lcp) continue
    const phases = Object.entries(lh.lcp.phases)
      .map(([phase, timing]) => `${phase} ${timing} ms`)
      .join(', ')
    console.log(`  ${name}: ${lh.lcp.element ?? 'no element'}`)
    if (phases) console.log(`    ${phases}`)
  }
  for (const { name, lighthouse: lh } of results.routes) {
    const failed = [...(lh?.failedAccessibility ?? []), ...(lh?.failedBestPractices ?? [])]
    if (failed.length) console.log(`  ${name}: failed audits: ${failed.join(', ')}`)
  }
}

export function printLargeAccount(large) {
  if (!large) return
  console.log(`\nLarge account (MDM_LARGE_DEMO=${large.demo}), median of the runs\n`)
  if (large.error) {
    console.log(`  not measured: ${large.error}`)
    return
  }
  for (const list of large.lists) {
    const count = list.count === null ? 'no count' : `count ${list.count}`
    console.log(
      `  ${list.label} (${list.path}, ${count}, ${list.cards ?? 0} cards in the page): ` +
        `rendered ${ms(list.answerToRenderMs)} after its answer (${ms(list.renderMs)} after ` +
        `navigation start), filter keystroke ${ms(list.filterMs)} median, ` +
        `${ms(list.filterMaxMs)} max ("${list.query}" typed and erased)` +
        (list.withLaterMs != null ? `, ${ms(list.withLaterMs)} with its icons (no budget)` : ''),
    )
    console.log(
      `    paired with the reference list (bare React sorting 5,000 devices, showing 100): rendered ${ratio3(list.ratio?.answerToRender)} ` +
        `and keystroke ${ratio3(list.ratio?.filter)} the reference's (${ms(list.reference?.renderMs)}, ` +
        `${ms(list.reference?.filterMs)} median)`,
    )
    console.log(
      `    runs (after answer / after navigation / keystroke; reference rendered / keystroke): ${list.runs
        .map(
          (run) =>
            `${ms(run.answerToRenderMs)} / ${ms(run.renderMs)} / ${ms(run.filterMs)}; ` +
            `${ms(run.reference?.renderMs)} / ${ms(run.reference?.filterMs)}`,
        )
        .join(', ')}`,
    )
    if (list.error) console.log(`    not measured in every run: ${list.error}`)
  }
  console.log(
    '  rendered: until the count shows and the first screenful of cards is there, from the moment',
  )
  console.log(
    "  the list's answer (device/list, app/list) had arrived (the budget) and from navigation start;",
  )
  console.log('  filter: keydown in the search box until the filtered list has painted.')
}

export function printTenant(tenant) {
  if (!tenant) return
  console.log(
    `\nLarge tenant (MDM_LARGE_DEMO=${tenant.demo} MDM_PAGE_SIZE=${tenant.pageSize}), as its administrator opens the lists, median of the runs\n`,
  )
  if (tenant.error) {
    console.log(`  not measured: ${tenant.error}`)
    return
  }
  for (const list of tenant.lists) {
    console.log(
      `  ${list.label} (${list.path}, count ${list.count ?? '—'}): first screen ${ms(list.firstScreenMs)} ` +
        `after navigation start, whole ${ms(list.wholeMs)} (${list.requests ?? '—'} requests), heap ` +
        `${list.heapMb ?? '—'} MB once whole, filter keystroke ${ms(list.filterMs)} median, ` +
        `${ms(list.filterMaxMs)} max ("${list.query}" typed and erased)` +
        (list.withLaterMs != null ? `, ${ms(list.withLaterMs)} with its icons (no budget)` : ''),
    )
    console.log(
      `    paired with the reference list: first screen ${ratio3(list.ratio?.firstScreen)} its rendering, ` +
        `keystroke ${ratio3(list.ratio?.filter)} its keystroke (${ms(list.reference?.renderMs)}, ` +
        `${ms(list.reference?.filterMs)} median)`,
    )
    console.log(
      `    runs (first screen / whole / keystroke; reference rendered / keystroke): ${list.runs
        .map(
          ({ portal, reference }) =>
            `${ms(portal.firstScreenMs)} / ${ms(portal.wholeMs)} / ${ms(portal.filterMs)}; ` +
            `${ms(reference.renderMs)} / ${ms(reference.filterMs)}`,
        )
        .join(', ')}`,
    )
    if (list.error) console.log(`    not measured in every run: ${list.error}`)
  }
  console.log(
    "  first screen: from navigation start until the count (the tenant's total) and the first screenful",
  )
  console.log(
    '  of cards show; whole: until the last page has arrived (the progress bar has gone).',
  )
}

export function printTaps(taps) {
  if (!taps?.length) return
  console.log(
    '\nTaps at 4× CPU slowdown: input to next paint (Event Timing, as INP counts an interaction; 0: under 16 ms)\n',
  )
  table(
    ['interaction', 'median', 'slowest', 'reference', 'shown (slowest)', '× reference'],
    taps.map((tap) => [
      tap.name + (tap.typing ? ' (typing)' : ''),
      ms(tap.ms),
      ms(tap.slowestMs),
      ms(tap.referenceMs),
      tap.shownMs === null ? '—' : `${ms(tap.shownMs)} (${ms(tap.slowestShownMs)})`,
      ratio3(tap.ratio) + (tap.error ? ` (${tap.error})` : ''),
    ]),
  )
  console.log(
    '\nreference: typing into bench/reference-list at the same slowdown right after each run (the same',
  )
  console.log(
    'interaction for typing; for the others, the machine’s pace). shown: from the input until',
  )
  console.log('the frame that has what was asked for (the dialog, the page, the menu) has painted.')
}

export function printStartLines(start) {
  if (!start) return
  console.log(
    `\nThe start of a page: ${start.lines} production lines (${start.code} without blank lines and comments) in ${start.files.length} files that take part in it (the server's drawing, the screens table, router, guards, loaders, root, entry, and what the "${start.section}" section of ${start.doc ?? 'README.md'} names), tests aside\n`,
  )
  for (const file of start.files) {
    console.log(
      `  ${String(file.lines).padStart(5)} ${String(file.code).padStart(5)}  ${file.file}`,
    )
  }
}

export function printServer(server) {
  if (!server) return
  console.log(
    '\nProduction server (NODE_ENV=production, device/list proxied to the reference API)\n',
  )
  if (server.error) {
    console.log(`  not measured: ${server.error}`)
    return
  }
  table(
    ['request', 'requests/s', 'p99', 'p50', 'non-2xx', 'errors'],
    server.results.map((row) => [
      `${row.name} (${row.path})`,
      row.requestsPerSecond,
      ms(row.p99Ms),
      ms(row.p50Ms),
      row.non2xx,
      row.errors,
    ]),
  )
  console.log(
    `  autocannon, ${server.connections} connections, ${server.durationSeconds} s per request`,
  )
}

const verdict = (check) => {
  if (!check.ok) return 'OVER'
  return check.absoluteOk === false ? 'OK (paired; the figure itself is over)' : 'OK'
}

/** What a paired check was decided by: its ratio, or its figure at the reference's idle pace. */
function paired(check) {
  if (typeof check.ratio === 'number') return [`${check.ratio.toFixed(3)}×`, check.ratioLimit]
  if (typeof check.atIdle === 'number' && check.unit === 'ms')
    return [`${Math.round(check.atIdle)} ms at idle pace`, check.limit]
  if (typeof check.atIdle === 'number') return [`${check.atIdle} at idle TBT`, check.limit]
  return ['', check.ratioLimit ?? '']
}

export function printBudgets(checks, file) {
  console.log(`\nBudgets (${file})\n`)
  table(
    ['figure', 'value', 'budget', 'paired', 'its budget', ''],
    checks.map((check) => [
      check.name,
      typeof check.value === 'number' ? Number(check.value.toFixed(2)) : 'not measured',
      check.limit,
      ...paired(check),
      verdict(check),
    ]),
  )
  console.log(
    "\nA paired figure decides: a ratio to the reference run with it, held to the budget divided by the reference's figure on an idle machine (bench/budgets.json), or TBT, and the performance score with it, taken at the reference's idle pace.",
  )
}
