import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NoMatch } from './no-match'

// After a page of a long list failed, the list's notice has its "Try again"; the "no match" card
// has its own way to load the others. A screen reader's list of buttons must tell them apart: the
// card's says what it loads.
describe('the "no match" card of a list that did not all load', () => {
  it('names its button by what it loads, not "Try again" a second time', () => {
    render(
      <main>
        <div role="alert">
          <button type="button">Try again</button>
        </div>
        <NoMatch
          noun="devices"
          narrowed={{ query: 'zzqx', filtered: false }}
          partly={{ loaded: 600, rest: 1401 }}
          onRetry={() => {}}
          hint="Check the spelling."
          onClear={() => {}}
        />
      </main>,
    )
    const names = screen.getAllByRole('button').map((button) => button.textContent)
    expect(names).toEqual(['Try again', 'Load the other 1,401 devices', 'Clear search'])
    expect(screen.getByText(/^The other 1,401 devices could not be loaded and may match\.$/))
  })

  it('says one user as one', () => {
    render(
      <NoMatch
        noun="users"
        narrowed={{ query: 'zzz', filtered: false }}
        partly={{ loaded: 2, rest: 1 }}
        onRetry={() => {}}
        hint="Check the spelling."
        onClear={() => {}}
      />,
    )
    expect(screen.getByRole('button', { name: 'Load the other user' })).toBeVisible()
    expect(screen.getByText(/^The other user could not be loaded and may match\.$/))
  })
})
