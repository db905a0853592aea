import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api/api-error'
import { ErrorState } from './error-state'

/** A list that failed to load: its retry works, and the list takes the error's place. */
function Page({ retryWorks = true }: { retryWorks?: boolean }) {
  const [loaded, setLoaded] = useState(false)
  return (
    <main tabIndex={-1}>
      <h1>Apps</h1>
      {loaded ? (
        <p>Nine apps</p>
      ) : (
        <ErrorState error={new Error('down')} onRetry={() => setLoaded(retryWorks)} />
      )}
    </main>
  )
}

describe('ErrorState', () => {
  it('says nothing of a read the ended session refused: the sign-in page comes and says so', () => {
    const { container } = render(
      <ErrorState
        error={new ApiError('unauthorized', { status: 401 })}
        onRetry={() => undefined}
      />,
    )
    expect(container).toBeEmptyDOMElement()
    render(<ErrorState error={new ApiError('forbidden', { status: 403 })} />)
    expect(screen.getByRole('alert')).toBeInTheDocument()
  })

  it('hands the focus of its retry button, once the content replaces it, to the main content rather than to the document', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Nine apps')).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveFocus()
  })

  it('leaves the focus on its retry button while the failure stays', async () => {
    const user = userEvent.setup()
    render(<Page retryWorks={false} />)
    const retry = screen.getByRole('button', { name: 'Try again' })
    await user.click(retry)
    expect(retry).toHaveFocus()
  })

  it('takes no focus it did not have when it goes', async () => {
    const user = userEvent.setup()
    render(
      <>
        <input aria-label="Search" />
        <Page />
      </>,
    )
    const retry = screen.getByRole('button', { name: 'Try again' })
    const search = screen.getByRole('textbox', { name: 'Search' })
    // Pressed without taking the focus (by a script, or an assistive technology's own click)
    // while the search field has it: the content replaces the button, the search keeps it.
    await user.click(search)
    act(() => retry.click())
    expect(await screen.findByText('Nine apps')).toBeInTheDocument()
    expect(search).toHaveFocus()
  })

  // An alert speaks all of its text when it comes: its button would be read out with the failure
  // ("Something went wrong. The service did not answer. Try again").
  it('says the failure alone, with its "Try again" beside it', () => {
    render(
      <ErrorState
        error={new Error('down')}
        title="The devices could not be loaded"
        onRetry={() => {}}
      >
        <p>Those loaded stay.</p>
      </ErrorState>,
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(/^The devices could not be loaded.+Those loaded stay\.$/)
    expect(within(alert).queryByRole('button')).toBeNull()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
  })
})
