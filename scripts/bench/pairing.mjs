/**
 * Pairing against noise: every run of the portal is paired with a run of a reference (bare
 * React, built in the same run) measured right after it on the same machine, and a CPU-bound
 * figure is also taken as its ratio to the reference's figure of the same pair. A second browser
 * on the machine slows both alike, so the ratio holds where the absolute figure does not. TBT is
 * the exception: it counts only what a task lasts beyond 50 ms, so it is taken at the
 * reference's idle pace instead (`tbtAtIdle`).
 */
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js'
import { Util } from 'lighthouse/shared/util.js'
import { median } from './stats.mjs'

const usable = (value) => typeof value === 'number' && Number.isFinite(value)

/**
 * The median over the pairs of `pair.portal[figure] / pair.reference[referenceFigure]`; a pair
 * missing either figure, or whose reference figure is not above zero, does not count. Null when
 * no pair counts.
 */
export function pairedRatio(pairs, figure, referenceFigure = figure) {
  return median(
    pairs
      .filter(
        ({ portal, reference }) =>
          usable(portal?.[figure]) &&
          usable(reference?.[referenceFigure]) &&
          reference[referenceFigure] > 0,
      )
      .map(({ portal, reference }) => portal[figure] / reference[referenceFigure]),
  )
}

/**
 * The budget of a ratio: the absolute budget divided by the reference's figure on an idle
 * machine (kept in bench/budgets.json), rounded to three decimals. Null without an idle figure.
 */
export function ratioBudget(absolute, idleReference) {
  if (!usable(absolute) || !usable(idleReference) || idleReference <= 0) return null
  return Math.round((absolute / idleReference) * 1000) / 1000
}

/**
 * A run's TBT at the reference's idle pace: the run's timeline (its long tasks, FCP and TTI) is
 * shortened by as much as bare React's page in the same pair was slowed (its main-thread work over
 * its idle figure, at least 1), and Lighthouse's own sum of blocking time is taken over it: each
 * task blocks for what it lasts beyond 50 ms, between FCP and TTI. Dividing the TBT itself would
 * not do: a busy machine stretches a 40 ms task, which blocked nothing, into 80 ms, which blocks
 * 30, so TBT grows much faster than the work.
 * `pair.portal.longTasks`: Lighthouse's long tasks (its 20 longest, each at least 50 ms). At
 * idle pace this is Lighthouse's TBT; under simulated throttling close to it, as Lighthouse's
 * simulated TBT averages two simulations and its long tasks come from one.
 * Null when the run or its reference lacks a figure.
 */
export function tbtAtIdle(pair, idleMainThreadMs) {
  const { longTasks, fcpMs, interactiveMs } = pair.portal ?? {}
  const reference = pair.reference?.mainThreadMs
  if (!Array.isArray(longTasks) || !usable(fcpMs) || !usable(interactiveMs)) return null
  if (!usable(reference) || reference <= 0 || !usable(idleMainThreadMs) || idleMainThreadMs <= 0)
    return null
  const slowdown = Math.max(1, reference / idleMainThreadMs)
  const tasks = longTasks.map(({ startTime, duration }) => ({
    start: startTime / slowdown,
    end: (startTime + duration) / slowdown,
    duration: duration / slowdown,
  }))
  return Lantern.Metrics.TBTUtils.calculateSumOfBlockingTime(
    tasks,
    fcpMs / slowdown,
    interactiveMs / slowdown,
  )
}

/**
 * The performance score of a route's Lighthouse run with its TBT at the reference's idle pace
 * (`tbtAtIdle`), scored on Lighthouse's own curve and weighed in as Lighthouse does (30 % on
 * mobile); the other metrics are kept as measured. Null when the run lacks a figure.
 */
export function performanceAtIdle(pair, idleMainThreadMs, score = Util.computeLogNormalScore) {
  const part = pair.portal?.tbtPart
  const idleTbt = tbtAtIdle(pair, idleMainThreadMs)
  if (!part || idleTbt === null) return null
  if (!usable(part.performanceScore) || !usable(part.score)) return null
  const adjusted = part.performanceScore + part.weight * (score(part.scoring, idleTbt) - part.score)
  return Math.round(Math.min(1, Math.max(0, adjusted)) * 100)
}
