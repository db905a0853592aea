import { act } from '@testing-library/react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { expect, it, onTestFinished, vi } from 'vitest'
import { useHydrated } from './use-hydrated'

function Where() {
  return <p>{useHydrated() ? 'browser' : 'drawing'}</p>
}

it('is false in the server’s drawing and while React takes it over, then true', async () => {
  const html = renderToString(<Where />)
  expect(html).toBe('<p>drawing</p>')
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const recoverable = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, <Where />, { onRecoverableError: recoverable }),
  )
  // A root of its own, which Testing Library's clean-up does not know.
  onTestFinished(() => act(() => root.unmount()))
  // Taken over as drawn (no mismatch), then drawn for the browser.
  expect(recoverable).not.toHaveBeenCalled()
  expect(container.textContent).toBe('browser')
  container.remove()
})

it('is true from the start when the portal draws the page itself', async () => {
  const container = document.createElement('div')
  const rendered: string[] = []
  function Record() {
    rendered.push(useHydrated() ? 'browser' : 'drawing')
    return null
  }
  const root = createRoot(container)
  onTestFinished(() => act(() => root.unmount()))
  await act(async () => root.render(<Record />))
  expect(rendered).toEqual(['browser'])
})
