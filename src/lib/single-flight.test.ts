import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useSingleFlight } from './single-flight'

describe('useSingleFlight', () => {
  it('starts one request at a time and the next once the first settled', () => {
    const { result } = renderHook(() => useSingleFlight())
    const flight = result.current
    let settle = () => {}
    const start = vi.fn((settled: () => void) => {
      settle = settled
    })
    flight(start)
    flight(start)
    flight(start)
    expect(start).toHaveBeenCalledTimes(1)
    settle()
    flight(start)
    expect(start).toHaveBeenCalledTimes(2)
  })
})
