/**
 * The maths of a card grid shown row by row by the window list: jsdom cannot lay out, so this is
 * kept apart and tested on its own.
 */

/** Columns of a laid-out grid, from its computed `grid-template-columns` ("336px 336px"). */
export function columnCount(templateColumns: string): number {
  const tracks = templateColumns
    .trim()
    .split(/\s+/)
    .filter((track) => /^[\d.]+px$/.test(track))
  return Math.max(1, tracks.length)
}

export function rowCount(items: number, columns: number): number {
  return Math.ceil(items / Math.max(1, columns))
}

/** The item indices of one row: [first, end). */
export function rowSpan(row: number, columns: number, items: number): [number, number] {
  const first = row * columns
  return [first, Math.min(first + columns, items)]
}

export function rowOf(index: number, columns: number): number {
  return Math.floor(index / Math.max(1, columns))
}

/**
 * The rows to render, in order: the visible range with its overscan and, if somewhere else, the
 * row that has the focus, on its own (the list puts a spacer between), so a
 * focused card far from the view does not bring every row in between with it.
 */
export function rowsToRender(start: number, end: number, keep: number | null): number[] {
  const range = Array.from({ length: Math.max(0, end - start + 1) }, (_, offset) => start + offset)
  if (keep === null || (keep >= start && keep <= end)) return range
  return keep < start ? [keep, ...range] : [...range, keep]
}

/** The height of a spacer standing for the rows between two rendered ones, `gap` on each side. */
export function spacerHeight(previousEnd: number, nextStart: number, gap: number): number {
  return Math.max(0, nextStart - previousEnd - 2 * gap)
}
