import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useNow } from './clock'

let renders = 0
function Now({ interval }: { interval: number }) {
  renders++
  return <p>{useNow(interval)}</p>
}

afterEach(() => {
  vi.restoreAllMocks()
  renders = 0
})

describe('useNow', () => {
  it('draws a screen once when it starts, though time passes between render and effects', () => {
    // Every look at the clock is a millisecond later.
    let time = 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => time++)
    const { unmount } = render(<Now interval={101} />)
    expect(renders).toBe(1)
    unmount()
  })

  it('catches up once when its clock stood still longer than a tick', () => {
    let time = 2_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => time)
    const first = render(<Now interval={102} />)
    first.unmount()
    time += 60_000
    renders = 0
    render(<Now interval={102} />)
    expect(screen.getByText(String(time))).toBeTruthy()
    expect(renders).toBe(2)
  })

  it('ticks every interval', () => {
    vi.useFakeTimers()
    try {
      let time = 3_000_000
      vi.spyOn(Date, 'now').mockImplementation(() => time)
      render(<Now interval={103} />)
      time += 103
      act(() => void vi.advanceTimersByTime(103))
      expect(screen.getByText(String(time))).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })
})
