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
    checks.push(atLeast(`${route.name}: accessibility`, scores.accessibility, own.accessibility))
    checks.push(atLeast(`${route.name}: best practices`, scores.bestPractices, own.bestPractices))
  }
  const signIn = results.routes.find((route) => route.name === 'sign-in')
  checks.push(atMost('sign-in: JS × bare React (gzip)', signIn?.ratio?.gzip, budgets.signInJsRatio))
  const large = results.largeAccount
  if (large) {
    checks.push(
      atMost('500 devices: list rendered (ms)', large.renderMs, budgets.largeListRenderMs),
    )
    checks.push(
      atMost('500 devices: filter keystroke (ms)', large.filterMs, budgets.largeListFilterMs),
    )
  }
  return checks
}
