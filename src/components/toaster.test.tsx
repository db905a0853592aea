import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/lib/toast'
import { TOAST_MS, Toaster } from './toaster'

const MESSAGE = 'Could not refresh the devices.'

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

const shown = () => screen.queryByText(MESSAGE) !== null
const pass = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
  })

describe('a toast', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    render(<Toaster />)
    act(() => toaster.show(MESSAGE))
  })
  afterEach(() => {
    // The toaster leaves the page first, so the toasts it showed go without drawing it again.
    cleanup()
    for (const toast of toaster.get()) toaster.dismiss(toast.id)
    // The document's own visibility again, not this test's.
    Reflect.deleteProperty(document, 'visibilityState')
    vi.useRealTimers()
  })

  it('goes by itself after a while', () => {
    pass(TOAST_MS - 1)
    expect(shown()).toBe(true)
    pass(1)
    expect(shown()).toBe(false)
  })

  it('stays while the pointer rests on it, and its time starts over once let go', () => {
    fireEvent.pointerEnter(screen.getByRole('listitem'))
    pass(TOAST_MS * 3)
    expect(shown()).toBe(true)
    fireEvent.pointerLeave(screen.getByRole('listitem'))
    pass(TOAST_MS - 1)
    expect(shown()).toBe(true)
    pass(1)
    expect(shown()).toBe(false)
  })

  it('stays while focus is on its button, so a keyboard user can read it and dismiss it', () => {
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus())
    pass(TOAST_MS * 3)
    expect(shown()).toBe(true)
    act(() => screen.getByRole('button', { name: 'Dismiss' }).blur())
    pass(TOAST_MS)
    expect(shown()).toBe(false)
  })

  it('stays while the page is out of view, for whoever comes back to it', () => {
    setVisibility('hidden')
    pass(TOAST_MS * 3)
    expect(shown()).toBe(true)
    setVisibility('visible')
    pass(TOAST_MS)
    expect(shown()).toBe(false)
  })
})
