import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { createMemoryRouter, Link, RouterProvider, type RouteObject } from 'react-router'
import { useFocusOnNavigate } from './use-focus-on-navigate'

function Layout({ children }: { children: ReactNode }) {
  useFocusOnNavigate()
  return (
    <main id="main" tabIndex={-1}>
      {children}
    </main>
  )
}

const routes: RouteObject[] = [
  {
    path: '/devices',
    element: (
      <Layout>
        <Link to="/devices/a-1#location">Lost?</Link>
        <Link to="/devices/a-1">Anna's iPhone</Link>
        <Link to="/devices/b-2">Anna's Pixel</Link>
      </Layout>
    ),
  },
  {
    path: '/devices/:id',
    element: (
      <Layout>
        <h2 id="location" tabIndex={-1}>
          Location
        </h2>
      </Layout>
    ),
  },
  { path: '/apps', element: <Layout>apps</Layout> },
]

afterEach(() => {
  vi.restoreAllMocks()
})

describe('moving to a new page', () => {
  it('opens it at the top with focus on its main content; going back leaves the scroll alone', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    const router = createMemoryRouter(routes, { initialEntries: ['/devices'] })
    const { getByRole } = render(<RouterProvider router={router} />)
    // The first page: the browser's own start.
    expect(scrollTo).not.toHaveBeenCalled()

    await act(() => router.navigate('/devices/a-1'))
    expect(scrollTo).toHaveBeenCalledWith(0, 0)
    expect(document.activeElement).toBe(getByRole('main'))

    await act(() => router.navigate('/apps'))
    scrollTo.mockClear()
    ;(document.activeElement as HTMLElement).blur()
    await act(() => router.navigate(-1))
    expect(scrollTo).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(getByRole('main'))
  })

  it("going back to the list puts focus on the card's link that was opened, not on main", async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/devices'] })
    const { getByRole } = render(<RouterProvider router={router} />)
    await act(() => router.navigate('/devices/b-2'))
    expect(document.activeElement).toBe(getByRole('main'))
    await act(() => router.navigate(-1))
    expect(document.activeElement).toBe(getByRole('link', { name: "Anna's Pixel" }))
  })

  it('an address with a fragment puts focus on its target', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/devices'] })
    const { getByRole } = render(<RouterProvider router={router} />)
    await act(() => router.navigate('/devices/a-1#location'))
    expect(document.activeElement).toBe(getByRole('heading', { name: 'Location' }))
  })
})
