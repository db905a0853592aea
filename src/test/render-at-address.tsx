import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router'

/** The address, shown beside the screen, so a test can wait for it to follow a change. */
function Address() {
  const location = useLocation()
  return (
    <>
      <Outlet />
      <p>{location.pathname + location.search}</p>
    </>
  )
}

/**
 * A screen at `path`, opened at `entry`, with its service's answers already in the cache (nothing
 * is asked again: they stay fresh) and the address beside it; returns the router. `client` is the
 * tab's cache when the screen is opened again in the same tab.
 */
export function renderAtAddress(
  path: string,
  element: ReactNode,
  entry: string,
  answers: [QueryKey, unknown][],
  client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } }),
) {
  for (const [key, data] of answers) client.setQueryData(key, data)
  const router = createMemoryRouter([{ Component: Address, children: [{ path, element }] }], {
    initialEntries: [entry],
  })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}
