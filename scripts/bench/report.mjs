/** The bench's tables on the terminal. */

const kb = (bytes) => (typeof bytes === 'number' ? `${(bytes / 1024).toFixed(1)} KB` : '—')
const ms = (value) => (typeof value === 'number' ? `${Math.round(value)} ms` : '—')
const ratio = (value) => (typeof value === 'number' ? `${value.toFixed(2)}×` : '—')

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
    ['route', 'JS gzip', 'JS brotli', 'CSS gzip', 'CSS brotli', 'JS × bare (gzip / brotli)'],
    [
      ['bare React 19 + ReactDOM', kb(bare.js.gzip), kb(bare.js.brotli), '—', '—', '1.00× / 1.00×'],
      [
        'stack floor (no code of ours)',
        kb(stackFloor.js.gzip),
        kb(stackFloor.js.brotli),
        '—',
        '—',
        `${ratio(stackFloor.ratio.gzip)} / ${ratio(stackFloor.ratio.brotli)}`,
      ],
      ...results.routes.map((route) => [
        route.name,
        kb(route.js?.gzip),
        kb(route.js?.brotli),
        kb(route.css?.gzip),
        kb(route.css?.brotli),
        `${ratio(route.ratio?.gzip)} / ${ratio(route.ratio?.brotli)}`,
      ]),
    ],
  )
  console.log(
    '\nstack floor: React Router (declarative), i18next + react-i18next, react-error-boundary, as the sign-in page uses them.',
  )
  if (results.signInComposition) {
    console.log('\nSign-in JS by package (minified bytes, from the source maps):')
    for (const [group, bytes] of results.signInComposition.slice(0, 10)) {
      console.log(`  ${kb(bytes).padStart(9)}  ${group}`)
    }
  }
}

export function printLighthouse(results) {
  if (!results.routes.some((route) => route.lighthouse)) return
  const runs = results.routes.find((route) => route.lighthouse)?.lighthouse.runs
  console.log(`\nLighthouse 12, mobile preset, headless Chromium (median of ${runs} run(s))\n`)
  table(
    ['route', 'performance', 'accessibility', 'best practices', 'LCP', 'TBT', 'CLS'],
    results.routes.map(({ name, lighthouse: lh }) => [
      name,
      lh?.performance ?? '—',
      lh?.accessibility ?? '—',
      lh?.bestPractices ?? '—',
      ms(lh?.lcpMs),
      ms(lh?.tbtMs),
      typeof lh?.cls === 'number' ? lh.cls.toFixed(3) : '—',
    ]),
  )
  for (const { name, lighthouse: lh } of results.routes) {
    const failed = [...(lh?.failedAccessibility ?? []), ...(lh?.failedBestPractices ?? [])]
    if (failed.length) console.log(`  ${name}: failed audits: ${failed.join(', ')}`)
  }
}

export function printLargeAccount(large) {
  if (!large) return
  console.log('\nLarge account (MDM_LARGE_DEMO=1: 500 devices, 300 apps), device list\n')
  if (large.error) {
    console.log(`  not measured: ${large.error}`)
    return
  }
  const shown = large.complete ? `${large.cards} device cards` : `only ${large.cards} device cards`
  console.log(
    `  render: ${ms(large.renderMs)} from navigation start until ${shown} were in the DOM`,
  )
  if (large.filterMs === null) {
    console.log(`  filter: not measured (${large.note ?? 'no keystroke changed the list'})`)
  } else {
    const keys = large.keystrokes.map((stroke) => `${stroke.key} ${stroke.ms}`).join(', ')
    console.log(`  filter: ${ms(large.filterMs)} median, ${ms(large.filterMaxMs)} max (${keys})`)
  }
}

export function printBudgets(checks, file) {
  console.log(`\nBudgets (${file})\n`)
  table(
    ['figure', 'value', 'budget', ''],
    checks.map((check) => [
      check.name,
      typeof check.value === 'number' ? Number(check.value.toFixed(2)) : 'not measured',
      check.limit,
      check.ok ? 'OK' : 'OVER',
    ]),
  )
}
