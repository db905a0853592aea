import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useInView } from './use-in-view'

/** An observer that never reports: the element stays far from the view. */
class FarAway {
  observe() {}
  disconnect() {}
}

describe('useInView', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('waits for the observer, unless the list renders the element only near the view', () => {
    vi.stubGlobal('IntersectionObserver', FarAway)
    const ref = { current: document.createElement('span') }
    expect(renderHook(() => useInView(ref)).result.current).toBe(false)
    expect(renderHook(() => useInView(ref, { near: true })).result.current).toBe(true)
  })
})
