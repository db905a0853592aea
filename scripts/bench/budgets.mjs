/**
 * bench/budgets.json against the figures of a run: one check per figure, each with its value,
 * its limit and whether it holds. A figure that could not be measured is a broken budget too.
 *
 * CPU-bound figures are paired with the reference measured in the same pairs (bare React), since
 * a busy machine slows the portal and the reference alike. The long lists' timings are decided by
 * their ratio to the reference's, against the absolute budget divided by the reference's figure on
 * an idle machine (`reference` in the budgets). TBT, and the performance score with it, are
 * decided at the reference's idle pace (pairing.mjs, `tbtAtIdle`). The absolute figure is printed
 * beside.
 */
import { readFileSync } from 'node:fs'
import { root } from '../env.mjs'
import { ratioBudget } from './pairing.mjs'

export const BUDGET_FILE = 'bench/budgets.json'

export function readBudgets() {
  return JSON.parse(readFileSync(`${root}${BUDGET_FILE}`, 'utf8'))
}

/**
 * Bare React's main-thread work on an idle machine (`reference`), under the run's throttling:
 * applied throttling slows the page itself 4×, simulated throttling multiplies an unthrottled run.
 */
export const idleMainThreadMs = (budgets, throttling) =>
  throttling === 'simulate'
    ? budgets.reference?.simulated?.mainThreadMs
    : budgets.reference?.mainThreadMs

const measured = (value) => typeof value === 'number' && Number.isFinite(value)

const atLeast = (name, value, limit) => ({
  name,
  value,
  limit: `≥ ${limit}`,
  ok: measured(value) && value >= limit,
})
const atMost = (name, value, limit) => ({
  name,
  value,
  limit: `≤ ${limit}`,
  ok: measured(value) && value <= limit,
})

/**
 * A figure held to `limit` through its ratio to the reference: the ratio must stay within
 * `limit ÷ idleReference`. Without a ratio (no reference measured) the absolute figure decides.
 */
export function pairedAtMost(name, value, limit, ratio, idleReference) {
  const ratioLimit = ratioBudget(limit, idleReference)
  const absolute = atMost(name, value, limit)
  if (ratioLimit === null || !measured(ratio)) {
    return { ...absolute, ratio: null, ratioLimit: ratioLimit === null ? null : `≤ ${ratioLimit}` }
  }
  return {
    ...absolute,
    ratio,
    ratioLimit: `≤ ${ratioLimit}`,
    absoluteOk: absolute.ok,
    ok: measured(value) && ratio <= ratioLimit,
  }
}

/**
 * The performance score held to `limit`; with `atIdle` (the score with the run's TBT taken at the
 * reference's idle pace, pairing.mjs) that figure decides, since TBT is what a busy machine moves.
 */
export function pairedAtLeast(name, value, limit, atIdle) {
  const absolute = atLeast(name, value, limit)
  if (!measured(atIdle)) return { ...absolute, atIdle: null }
  return { ...absolute, atIdle, absoluteOk: absolute.ok, ok: measured(value) && atIdle >= limit }
}

/** TBT held to `limit`; with `atIdle` (TBT at the reference's idle pace) that figure decides. */
export function tbtAtMost(name, value, limit, atIdle) {
  const absolute = atMost(name, value, limit)
  if (!measured(atIdle)) return { ...absolute, atIdle: null }
  return {
    ...absolute,
    atIdle,
    unit: 'ms',
    absoluteOk: absolute.ok,
    ok: measured(value) && atIdle <= limit,
  }
}

export function checkBudgets(budgets, results) {
  const checks = []
  const idle = budgets.reference ?? {}
  for (const route of results.routes) {
    const own = { ...budgets, ...budgets.routes?.[route.name] }
    const scores = route.lighthouse
    if (!scores) continue
    checks.push(
      pairedAtLeast(
        `${route.name}: performance`,
        scores.performance,
        own.performance,
        route.paired?.performance,
      ),
    )
    checks.push(atMost(`${route.name}: LCP (ms)`, scores.lcpMs, own.lcpMs))
    checks.push(
      tbtAtMost(`${route.name}: TBT (ms)`, scores.tbtMs, own.tbtMs, route.paired?.tbtAtIdle),
    )
    checks.push(atLeast(`${route.name}: accessibility`, scores.accessibility, own.accessibility))
    checks.push(atLeast(`${route.name}: best practices`, scores.bestPractices, own.bestPractices))
  }
  // The sign-in JavaScript against the stack floor built in the same run: what the libraries the
  // page stands on weigh alone (bare React is printed beside).
  for (const route of results.routes.filter((each) => each.signIn)) {
    checks.push(
      atMost(
        `${route.name}: sign-in JS × stack floor (gzip)`,
        route.stackRatio,
        budgets.signInStackRatio,
      ),
    )
  }
  for (const list of results.largeAccount?.lists ?? []) {
    // The list's own rendering: from its answer's arrival (navigation start is only printed).
    checks.push(
      pairedAtMost(
        `${list.label}: rendered after its answer (ms)`,
        list.answerToRenderMs,
        budgets.largeListRenderMs,
        list.ratio?.answerToRender,
        idle.listRenderMs,
      ),
    )
    checks.push(
      pairedAtMost(
        `${list.label}: filter keystroke (ms)`,
        list.filterMs,
        budgets.largeListFilterMs,
        list.ratio?.filter,
        idle.listFilterMs,
      ),
    )
  }
  if (results.largeAccount?.error) {
    checks.push(
      atMost('large account: rendered after its answer (ms)', null, budgets.largeListRenderMs),
    )
  }
  for (const list of results.tenant?.lists ?? []) {
    // The first screen from navigation start: what an administrator waits for, whatever the size.
    checks.push(
      pairedAtMost(
        `${list.label}: first screen (ms)`,
        list.firstScreenMs,
        budgets.tenantFirstScreenMs,
        list.ratio?.firstScreen,
        idle.listRenderMs,
      ),
    )
    checks.push(
      pairedAtMost(
        `${list.label}: filter keystroke (ms)`,
        list.filterMs,
        budgets.largeListFilterMs,
        list.ratio?.filter,
        idle.listFilterMs,
      ),
    )
  }
  if (results.tenant?.error) {
    checks.push(atMost('large tenant: first screen (ms)', null, budgets.tenantFirstScreenMs))
  }
  // Each tap: its median over the runs, decided by its ratio to typing into the reference list at
  // the same slowdown (the same interaction for typing, the machine's pace for the others).
  for (const tap of results.taps ?? []) {
    checks.push(pairedAtMost(`tap: ${tap.name} (ms)`, tap.ms, budgets.tapMs, tap.ratio, idle.tapMs))
  }
  if (results.startOfPage) {
    checks.push(
      atMost(
        'start of a page: production lines',
        results.startOfPage.lines,
        budgets.startOfPageLines,
      ),
    )
  }
  return checks
}
