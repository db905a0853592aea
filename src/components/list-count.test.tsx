import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ListCount, SAY_EVERY_MS } from './list-count'

const region = () => screen.getByRole('status')

describe("a list's count as its pages arrive", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('says at once that a list thought complete goes on, then follows it now and then', () => {
    const { rerender } = render(<ListCount text="7,000 devices" arriving={false} />)
    expect(region()).toHaveTextContent('7,000 devices')

    // The start of arrival is news, like its end: never "7,000 devices" of a list not complete.
    rerender(<ListCount text="25,000 of 50,001 devices loaded" arriving />)
    expect(region()).toHaveTextContent('25,000 of 50,001 devices loaded')

    // The pages after it are said every few seconds, with the latest count.
    rerender(<ListCount text="26,000 of 50,001 devices loaded" arriving />)
    expect(region()).toHaveTextContent('25,000 of 50,001 devices loaded')
    act(() => vi.advanceTimersByTime(SAY_EVERY_MS))
    expect(region()).toHaveTextContent('26,000 of 50,001 devices loaded')

    // And the end at once.
    rerender(<ListCount text="50,001 devices" arriving={false} />)
    expect(region()).toHaveTextContent('50,001 devices')
  })
})
