import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LIVE_AFTER_MS } from './live'
import { Skeleton } from './skeleton'

afterEach(() => vi.useRealTimers())

// Several screen readers speak a live region's change only once the region is in their tree: a
// status born with its "Loading…" is often silent (src/components/live.tsx).
describe('a loading placeholder', () => {
  it('lets its "Loading…" into its status region a moment after the region appears', () => {
    vi.useFakeTimers()
    render(<Skeleton />)
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Loading…')
    expect(screen.getByText('Loading…')).toHaveAttribute('aria-hidden', 'true')
    act(() => vi.advanceTimersByTime(LIVE_AFTER_MS))
    expect(screen.getByText('Loading…')).not.toHaveAttribute('aria-hidden')
    expect(status.querySelectorAll('.skeleton__row')).toHaveLength(3)
  })
})
