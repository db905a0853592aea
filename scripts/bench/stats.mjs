/** Plain arithmetic of the bench: the median of repeated runs, and percentiles for the server. */

/** The median of numbers (the mean of the middle two for an even count); null for none. */
export function median(values) {
  const numbers = values.filter((value) => typeof value === 'number' && Number.isFinite(value))
  if (numbers.length === 0) return null
  const sorted = [...numbers].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * One record that stands for several runs: each numeric field listed in `fields` is the median of
 * that field over the runs (a figure missing in a run does not count), the rest comes from the
 * run whose `pick` field is the median one, so its notes match one real run.
 */
export function medianRun(runs, fields, pick = fields[0]) {
  if (runs.length === 0) return null
  const sorted = [...runs].sort((a, b) => (a[pick] ?? -Infinity) - (b[pick] ?? -Infinity))
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]
  const figures = Object.fromEntries(
    fields.map((field) => [field, median(runs.map((run) => run[field]))]),
  )
  return { ...middle, ...figures, runs: runs.length }
}
