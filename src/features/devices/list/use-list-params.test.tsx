import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { memo, Profiler } from 'react'
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

  it('gives callbacks that stay the same while the address follows, so memoized fields are not drawn again', async () => {
    // React sets an input's type and name again each time it renders one: a field drawn again
    // for the keystroke's deferred render and for its address would change the page twice more.
    const drawn = { box: 0, filters: 0 }
    // React's own count: a Profiler inside a memoized field reports each time the field renders.
    const count = (id: string) => {
      if (id === 'box' || id === 'filters') drawn[id]++
    }
    const Box = memo(function Box({
      value,
      onChange,
    }: {
      value: string
      onChange: (value: string) => void
    }) {
      return (
        <Profiler id="box" onRender={count}>
          <input
            aria-label="Search"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        </Profiler>
      )
    })
    const Filters = memo(function Filters({
      onChange,
      onClear,
    }: {
      onChange: (changes: { managed: boolean }) => void
      onClear: () => void
    }) {
      return (
        <Profiler id="filters" onRender={count}>
          <button onClick={() => onChange({ managed: true })}>Managed</button>
          <button onClick={onClear}>Clear</button>
        </Profiler>
      )
    })
    function Screen() {
      const { search, setSearch, changeFilters, clearAll } = useListParams()
      const location = useLocation()
      return (
        <>
          <Box value={search} onChange={setSearch} />
          <Filters onChange={changeFilters} onClear={clearAll} />
          <p>at {location.pathname + location.search}</p>
        </>
      )
    }
    const router = createMemoryRouter([{ path: '*', Component: Screen }], {
      initialEntries: ['/devices'],
    })
    render(<RouterProvider router={router} />)
    expect(drawn).toEqual({ box: 1, filters: 1 })

    fireEvent.input(screen.getByLabelText('Search'), { target: { value: 'ipad' } })
    expect(await screen.findByText('at /devices?q=ipad')).toBeInTheDocument()
    // The keystroke draws them once (the filters' callbacks carry the new search); the deferred
    // render and the address that follow leave them as they are.
    expect(drawn).toEqual({ box: 2, filters: 2 })
  })
})

describe("the device list's order", () => {
  function Sorted() {
    const { params, setSort, changeFilters, clearFilters, clearAll } = useListParams()
    const location = useLocation()
    return (
      <>
        <p>order {params.sort}</p>
        <button onClick={() => setSort('lastcontact-asc')}>Oldest</button>
        <button onClick={() => changeFilters({ managed: true })}>Managed</button>
        <button onClick={clearFilters}>Clear filters</button>
        <button onClick={clearAll}>Clear all</button>
        <p>at {location.pathname + location.search}</p>
      </>
    )
  }
  const renderSorted = (...initialEntries: string[]) => {
    const router = createMemoryRouter([{ path: '*', Component: Sorted }], {
      initialEntries,
      initialIndex: initialEntries.length - 1,
    })
    render(<RouterProvider router={router} />)
    return router
  }

  it('goes into the address as a new entry, and Back brings the order by name again', async () => {
    const router = renderSorted('/devices?q=mac')
    fireEvent.click(screen.getByRole('button', { name: 'Oldest' }))
    expect(await screen.findByText('at /devices?q=mac&sort=lastcontact-asc')).toBeInTheDocument()
    expect(router.state.historyAction).toBe('PUSH')
    await act(() => router.navigate(-1))
    expect(screen.getByText('order name')).toBeInTheDocument()
    expect(screen.getByText('at /devices?q=mac')).toBeInTheDocument()
  })

  it('is read from a link, and an order it does not know is the order by name', () => {
    renderSorted('/devices?sort=lastcontact-desc')
    expect(screen.getByText('order lastcontact-desc')).toBeInTheDocument()
    cleanup()
    renderSorted('/devices?sort=battery')
    expect(screen.getByText('order name')).toBeInTheDocument()
  })

  it('stays when the filters are cleared, or the search and filters together: it hides nothing', async () => {
    renderSorted('/devices?managed=true&q=mac&sort=lastcontact-asc')
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText('at /devices?q=mac&sort=lastcontact-asc')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Managed' }))
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }))
    expect(await screen.findByText('at /devices?sort=lastcontact-asc')).toBeInTheDocument()
  })
})
