import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { spoken } from '@/test/spoken'
import { Alert } from './alert'

// A live region born with its words is often silent (NVDA with Chrome and Firefox, VoiceOver on
// iOS): the region is there, empty to them, before its words come into it.
describe('what an alert that appears speaks', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is heard as news: the region comes first, empty, and its words after it', () => {
    render(
      <Alert tone="success">
        <p>Kim Lee was deleted.</p>
      </Alert>,
    )
    const status = screen.getByRole('status')
    expect(spoken(status)).toBe('')
    // Seen at once all the same.
    expect(screen.getByText('Kim Lee was deleted.')).toBeVisible()
    act(() => {
      vi.runAllTimers()
    })
    expect(screen.getByRole('status')).toBe(status)
    expect(spoken(status)).toBe('Kim Lee was deleted.')
  })

  it('does so for a failure and its title', () => {
    render(
      <Alert tone="error" title="Could not save">
        <p>The service cannot be reached.</p>
      </Alert>,
    )
    const alert = screen.getByRole('alert')
    expect(spoken(alert)).toBe('')
    act(() => {
      vi.runAllTimers()
    })
    expect(spoken(alert)).toBe('Could not saveThe service cannot be reached.')
  })
})
