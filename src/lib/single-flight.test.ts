import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { singleFlight, useSingleFlight } from './single-flight'

describe('useSingleFlight', () => {
  it('starts one request at a time and the next once the first settled', async () => {
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
    // The flight is over once its work has settled, a microtask or two later: a start from then
    // on starts.
    await vi.waitFor(
      () => {
        flight(start)
        expect(start).toHaveBeenCalledTimes(2)
      },
      { timeout: 20_000 },
    )
  })
})

describe('singleFlight', () => {
  it('starts the work once for all who ask while it is under way, and anew after it settled', async () => {
    const flight = singleFlight<number>()
    let finish = (_value: number) => {}
    const work = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)))
    const asked = [flight.run(work), flight.run(work), flight.run(work)]
    expect(work).toHaveBeenCalledTimes(1)
    expect(flight.current).toBe(asked[0])
    finish(7)
    expect(await Promise.all(asked)).toEqual([7, 7, 7])
    expect(flight.current).toBeNull()

    const next = flight.run(work)
    expect(work).toHaveBeenCalledTimes(2)
    finish(8)
    expect(await next).toBe(8)
  })

  it('lets the next one start after a failure, which everyone waiting shares', async () => {
    const flight = singleFlight<void>()
    let fail = (_error: Error) => {}
    const failing = () => new Promise<void>((_resolve, reject) => (fail = reject))
    const first = flight.run(failing)
    const second = flight.run(failing)
    fail(new Error('refused'))
    await expect(first).rejects.toThrow('refused')
    await expect(second).rejects.toThrow('refused')
    expect(flight.current).toBeNull()
    await expect(flight.run(() => Promise.resolve())).resolves.toBeUndefined()
  })
})
