import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { useFocusOnNavigate } from './use-focus-on-navigate'

function Layout({ children }: { children: string }) {
  useFocusOnNavigate()
  return (
    <main id="main" tabIndex={-1}>
      {children}
    </main>
  )
}

const routes: RouteObject[] = [
  { path: '/devices', element: <Layout>list</Layout> },
  { path: '/devices/:id', element: <Layout>device</Layout> },
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

    scrollTo.mockClear()
    ;(document.activeElement as HTMLElement).blur()
    await act(() => router.navigate(-1))
    expect(scrollTo).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(getByRole('main'))
  })
})
