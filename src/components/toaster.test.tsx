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

const shown = () => screen.queryAllByText(MESSAGE).length > 0
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

// A live region speaks all of its text when it changes: a button in it would be read out with the
// message ("Could not refresh the devices. Dismiss"), as a device page's notice once was.
describe('what a toast says to a screen reader', () => {
  afterEach(() => {
    cleanup()
    for (const toast of toaster.get()) toaster.dismiss(toast.id)
  })

  const liveRegions = () => [
    ...document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]'),
  ]

  it('is the message alone, from a live region there before it, with "Dismiss" beside it', () => {
    render(<Toaster />)
    const before = liveRegions()
    expect(before).toHaveLength(1)
    act(() => toaster.show(MESSAGE))
    expect(liveRegions()).toEqual(before)
    const live = before[0]!
    expect(live).toHaveTextContent(new RegExp(`^${MESSAGE.replace('.', '\\.')}$`))
    expect(live.querySelector('button')).toBeNull()
    // The button is the toast's, named as it is seen and described by what it dismisses.
    const dismiss = screen.getByRole('button', { name: 'Dismiss' })
    expect(dismiss).toHaveAccessibleDescription(MESSAGE)
    expect(dismiss.closest('.toast')).toHaveTextContent(MESSAGE)
    // The message is heard once when read through, not once from the region and again from the
    // toast.
    expect(
      screen.getAllByText(MESSAGE).filter((node) => !node.closest('[aria-hidden=true]')),
    ).toHaveLength(1)
  })

  it('says a second message alone, and nothing when a toast goes', () => {
    render(<Toaster />)
    act(() => toaster.show(MESSAGE))
    act(() => toaster.show('Could not refresh the users.'))
    const live = liveRegions()[0]!
    expect(live.children).toHaveLength(2)
    expect(live.lastElementChild).toHaveTextContent(/^Could not refresh the users\.$/)
    act(() => toaster.dismiss(toaster.get()[0]!.id))
    expect(live).toHaveTextContent(/^Could not refresh the users\.$/)
  })
})
