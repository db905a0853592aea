/**
 * Pairing against noise: every run of the portal is paired with a run of a reference (bare
 * React, built in the same run) measured right after it on the same machine, and a CPU-bound
 * figure is also taken as its ratio to the reference's figure of the same pair. A second browser
 * on the machine slows both alike, so the ratio holds where the absolute figure does not.
 */
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
 * The performance score of a route's Lighthouse run with its TBT as it would have been on an
 * idle machine: the TBT's ratio to the paired reference's main-thread work times the reference's
 * idle figure, scored on Lighthouse's own curve and weighed in as Lighthouse does (30 % on
 * mobile); the other metrics are kept as measured. Null when the run lacks a figure.
 */
export function performanceAtIdle(pair, idleMainThreadMs, score = Util.computeLogNormalScore) {
  const part = pair.portal?.tbtPart
  const tbt = pair.portal?.tbtMs
  const reference = pair.reference?.mainThreadMs
  if (!part || !usable(tbt) || !usable(reference) || reference <= 0) return null
  if (!usable(idleMainThreadMs) || !usable(part.performanceScore) || !usable(part.score))
    return null
  const idleTbt = (tbt / reference) * idleMainThreadMs
  const adjusted = part.performanceScore + part.weight * (score(part.scoring, idleTbt) - part.score)
  return Math.round(Math.min(1, Math.max(0, adjusted)) * 100)
}
