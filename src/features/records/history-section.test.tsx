import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { HistoryLoading } from './history-section'

// A name on a plain box is not read (and axe forbids it): what the history's place says while
// it loads is its status, and that status says which part is loading, not a bare "Loading…".
describe("the history's place while it loads", () => {
  it('says in its status that the history is loading', async () => {
    const { container } = render(<HistoryLoading />)
    expect(await screen.findByRole('status')).toHaveTextContent(/^Loading the history…$/)
    expect(container.querySelector('[aria-label]')).toBeNull()
    expect(container.querySelector('[aria-busy="true"]')).toBeNull()
  })
})
