import { formatDateTime, formatNumber, formatRelative } from './format'
import { currentLanguage } from './i18n'

/**
 * The first Intl formatter of a kind in a page loads its language's data, which holds the main
 * thread for a few milliseconds each. The signed-in screens count, pluralise and date their lists,
 * so the portal builds these formatters while it waits for the screen's data, each in a task of
 * its own, and the first render does not pay for them in one long task. The formatters are the
 * ones `format.ts` keeps (i18next's own number formats then find the data loaded). The costliest
 * part, the browser's formatting data as such (30–50 ms), a worker has set up off the main thread
 * while the page was parsed (public/formats-warm-up.js, started by build/first-paint.ts).
 */
const STEPS: readonly (() => unknown)[] = [
  () => formatNumber(0),
  () => new Intl.PluralRules(currentLanguage()).select(1),
  () => formatDateTime(new Date(0)),
  () => formatRelative(new Date(0), 0),
]

export function warmUpFormats(schedule: (step: () => void) => void = (step) => setTimeout(step)) {
  const next = (index: number) => {
    const step = STEPS[index]
    if (!step) return
    step()
    schedule(() => next(index + 1))
  }
  schedule(() => next(0))
}
