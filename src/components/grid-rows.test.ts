import { describe, expect, it } from 'vitest'
import { columnCount, rowCount, rowOf, rowSpan, rowsToRender } from './grid-rows'

describe('grid rows', () => {
  it('counts the columns the browser laid out, at least one', () => {
    expect(columnCount('336px 336px 336px')).toBe(3)
    expect(columnCount('343.5px')).toBe(1)
    expect(columnCount('none')).toBe(1)
    expect(columnCount('')).toBe(1)
  })

  it('splits 5,000 items into rows of the column count, the last one shorter', () => {
    expect(rowCount(5000, 3)).toBe(1667)
    expect(rowCount(0, 3)).toBe(0)
    expect(rowSpan(0, 3, 5000)).toEqual([0, 3])
    expect(rowSpan(1666, 3, 5000)).toEqual([4998, 5000])
    expect(rowOf(4999, 3)).toBe(1666)
    expect(rowOf(7, 1)).toBe(7)
    expect(rowCount(7, 0)).toBe(7)
  })

  it('renders the visible rows and keeps the focused one, as one run', () => {
    expect(rowsToRender(10, 13, null)).toEqual([10, 11, 12, 13])
    expect(rowsToRender(10, 13, 11)).toEqual([10, 11, 12, 13])
    expect(rowsToRender(10, 13, 8)).toEqual([8, 9, 10, 11, 12, 13])
    expect(rowsToRender(10, 13, 15)).toEqual([10, 11, 12, 13, 14, 15])
    expect(rowsToRender(0, -1, null)).toEqual([])
  })
})
