/**
 * The maths of a card grid shown row by row (window-list.tsx): jsdom cannot lay out, so this is
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
 * The rows to render: the visible range with its overscan and, if somewhere else, the row that
 * has the focus, joined into one run (the rows are laid out in one grid, without gaps between).
 */
export function rowsToRender(start: number, end: number, keep: number | null): number[] {
  const from = keep === null ? start : Math.min(start, keep)
  const to = keep === null ? end : Math.max(end, keep)
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, offset) => from + offset)
}
