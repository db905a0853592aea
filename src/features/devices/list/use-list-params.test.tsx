import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useListParams } from './use-list-params'

function Probe() {
  const { search, setSearch } = useListParams()
  const location = useLocation()
  return (
    <>
      <input
        aria-label="Search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <p>at {location.pathname + location.search}</p>
    </>
  )
}

function renderAt(...initialEntries: string[]) {
  const router = createMemoryRouter([{ path: '*', Component: Probe }], {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  })
  render(<RouterProvider router={router} />)
  return router
}

// Whether the browser is still dispatching an input event: set before React's listener on the
// root, cleared after it.
let typing = false
const startTyping = () => (typing = true)
const stopTyping = () => (typing = false)
document.addEventListener('input', startTyping, true)
window.addEventListener('input', stopTyping)
afterEach(() => {
  typing = false
})

describe("the device list's search", () => {
  it('navigates after the keystroke, not in it, so the box paints first', async () => {
    const router = renderAt('/devices?managed=true')
    const navigate = vi.spyOn(router, 'navigate')
    const duringKeystroke: boolean[] = []
    navigate.mockImplementation(async (...args) => {
      duringKeystroke.push(typing)
      navigate.mockRestore()
      return router.navigate(...(args as Parameters<typeof router.navigate>))
    })
    fireEvent.input(screen.getByLabelText('Search'), { target: { value: 'iphone' } })
    expect(await screen.findByText('at /devices?managed=true&q=iphone')).toBeInTheDocument()
    expect(duringKeystroke).toEqual([false])
    // Replacing: Back skips the keystrokes.
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it("keeps what is typed while an earlier keystroke's address arrives", async () => {
    const router = renderAt('/devices')
    // The navigations are held and let through one by one, later than the next keystroke, as
    // a busy page renders them (as transitions).
    const held: (() => Promise<void>)[] = []
    const navigate = router.navigate.bind(router)
    vi.spyOn(router, 'navigate').mockImplementation(
      (...args) =>
        new Promise<void>((resolve) => {
          held.push(() => navigate(...(args as Parameters<typeof navigate>)).then(resolve))
        }),
    )
    const box = screen.getByLabelText('Search')
    fireEvent.input(box, { target: { value: 'i' } })
    await waitFor(() => expect(held).toHaveLength(1))
    fireEvent.input(box, { target: { value: 'ip' } })
    await waitFor(() => expect(held).toHaveLength(2))
    await act(() => held[0]?.())
    expect(screen.getByText('at /devices?q=i')).toBeInTheDocument()
    expect(box).toHaveValue('ip')
    await act(() => held[1]?.())
    expect(screen.getByText('at /devices?q=ip')).toBeInTheDocument()
    expect(box).toHaveValue('ip')
  })

  it('is refilled by an address changed elsewhere (Back), not written back over it', async () => {
    const router = renderAt('/devices', '/devices?q=ipad')
    expect(screen.getByLabelText('Search')).toHaveValue('ipad')
    await act(() => router.navigate(-1))
    expect(screen.getByLabelText('Search')).toHaveValue('')
    expect(screen.getByText('at /devices')).toBeInTheDocument()
    expect(router.state.location.search).toBe('')
  })
})
