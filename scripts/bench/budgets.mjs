/**
 * bench/budgets.json against the figures of a run: one check per figure, each with its value,
 * its limit and whether it holds. A figure that could not be measured is a broken budget too.
 */
import { readFileSync } from 'node:fs'
import { root } from '../env.mjs'

export const BUDGET_FILE = 'bench/budgets.json'

export function readBudgets() {
  return JSON.parse(readFileSync(`${root}${BUDGET_FILE}`, 'utf8'))
}

const atLeast = (name, value, limit) => ({
  name,
  value,
  limit: `≥ ${limit}`,
  ok: typeof value === 'number' && value >= limit,
})
const atMost = (name, value, limit) => ({
  name,
  value,
  limit: `≤ ${limit}`,
  ok: typeof value === 'number' && value <= limit,
})

export function checkBudgets(budgets, results) {
  const checks = []
  for (const route of results.routes) {
    const own = { ...budgets, ...budgets.routes?.[route.name] }
    const scores = route.lighthouse
    if (!scores) continue
    checks.push(atLeast(`${route.name}: performance`, scores.performance, own.performance))
    checks.push(atMost(`${route.name}: LCP (ms)`, scores.lcpMs, own.lcpMs))
    checks.push(atMost(`${route.name}: TBT (ms)`, scores.tbtMs, own.tbtMs))
    checks.push(atLeast(`${route.name}: accessibility`, scores.accessibility, own.accessibility))
    checks.push(atLeast(`${route.name}: best practices`, scores.bestPractices, own.bestPractices))
  }
  const signIn = results.routes.find((route) => route.name === 'sign-in')
  checks.push(atMost('sign-in: JS × bare React (gzip)', signIn?.ratio?.gzip, budgets.signInJsRatio))
  for (const list of results.largeAccount?.lists ?? []) {
    const what = `${list.label}`
    // The list's own rendering: from its answer's arrival (navigation start is only printed).
    checks.push(
      atMost(
        `${what}: rendered after its answer (ms)`,
        list.answerToRenderMs,
        budgets.largeListRenderMs,
      ),
    )
    checks.push(atMost(`${what}: filter keystroke (ms)`, list.filterMs, budgets.largeListFilterMs))
  }
  if (results.largeAccount?.error) {
    checks.push(
      atMost('large account: rendered after its answer (ms)', null, budgets.largeListRenderMs),
    )
  }
  return checks
}
