import { describe, expect, it } from 'vitest'
import { columnCount, rowCount, rowOf, rowSpan, rowsToRender, spacerHeight } from './grid-rows'

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
    // The focused row alone, however far away: not every row in between.
    expect(rowsToRender(10, 13, 8)).toEqual([8, 10, 11, 12, 13])
    expect(rowsToRender(1000, 1003, 2)).toEqual([2, 1000, 1001, 1002, 1003])
    expect(rowsToRender(10, 13, 15)).toEqual([10, 11, 12, 13, 15])
    expect(rowsToRender(0, -1, null)).toEqual([])
  })

  it('sizes the spacer for the rows it stands for, the grid gap on both sides taken off', () => {
    // Rows 3 to 6 (four of 100 px, gaps of 10 px) lie between row 2 (ending at 330) and row 7.
    expect(spacerHeight(330, 780, 10)).toBe(430)
    expect(spacerHeight(330, 335, 10)).toBe(0)
  })
})
