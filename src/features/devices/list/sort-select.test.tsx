import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import type { DeviceSort } from './list-params'
import { SortSelect } from './sort-select'
import { useListParams } from './use-list-params'

beforeEach(() => changeLanguage('en'))

const select = (value: DeviceSort) => <SortSelect value={value} onChange={() => {}} />

it("shows the address's order once React has taken over the server's page", async () => {
  // The server draws the list once, for every address: in the order by name.
  const container = document.createElement('div')
  container.innerHTML = renderToString(select('name'))
  document.body.append(container)
  expect(screen.getByLabelText('Sort by')).toHaveValue('name')

  // React keeps a select's choice as drawn when it takes a page over: the list would be ordered
  // by last contact under a select that says "Name".
  const recoverable = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, select('lastcontact-asc'), { onRecoverableError: recoverable }),
  )
  onTestFinished(() => {
    act(() => root.unmount())
    container.remove()
  })
  expect(recoverable).not.toHaveBeenCalled()
  expect(screen.getByLabelText('Sort by')).toHaveValue('lastcontact-asc')
})

describe('a new order chosen with the arrow keys', () => {
  function Sorting() {
    const { params, setSort } = useListParams()
    const location = useLocation()
    return (
      <>
        <SortSelect value={params.sort} onChange={setSort} />
        <p>at {location.pathname + location.search}</p>
      </>
    )
  }

  // Firefox changes a closed select on each arrow key, with a change event each time: one
  // order chosen, past the options between.
  it('is one entry of the history: Back brings the order before, not the option passed', async () => {
    const router = createMemoryRouter([{ path: '*', Component: Sorting }], {
      initialEntries: ['/devices?q=mac'],
    })
    render(<RouterProvider router={router} />)
    onTestFinished(cleanup)
    const select = screen.getByLabelText('Sort by')
    fireEvent.focus(select)
    fireEvent.change(select, { target: { value: 'lastcontact-desc' } })
    fireEvent.change(select, { target: { value: 'lastcontact-asc' } })
    expect(await screen.findByText('at /devices?q=mac&sort=lastcontact-asc')).toBeInTheDocument()
    await act(() => router.navigate(-1))
    expect(screen.getByText('at /devices?q=mac')).toBeInTheDocument()
    expect(select).toHaveValue('name')

    // Chosen again (the select left and come back to, or pressed with the pointer): a new entry.
    fireEvent.change(select, { target: { value: 'lastcontact-desc' } })
    expect(await screen.findByText('at /devices?q=mac&sort=lastcontact-desc')).toBeInTheDocument()
    fireEvent.blur(select)
    fireEvent.focus(select)
    fireEvent.change(select, { target: { value: 'lastcontact-asc' } })
    expect(await screen.findByText('at /devices?q=mac&sort=lastcontact-asc')).toBeInTheDocument()
    await act(() => router.navigate(-1))
    expect(screen.getByText('at /devices?q=mac&sort=lastcontact-desc')).toBeInTheDocument()
  })
})
