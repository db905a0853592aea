import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/api-error'
import { RouteErrorBoundary } from './route-error'

/** A screen whose loader fails with `error`, inside the routes' error boundary and a frame. */
async function renderFailing(error: Error) {
  const router = createMemoryRouter([
    {
      HydrateFallback: () => null,
      Component: () => (
        <main>
          <p>Device Portal</p>
          <Outlet />
        </main>
      ),
      children: [
        {
          path: '/',
          ErrorBoundary: RouteErrorBoundary,
          loader: () => {
            throw error
          },
          Component: () => <h1>Devices</h1>,
        },
      ],
    },
  ])
  // The loader has failed before the page is drawn: nothing changes it outside the test's view.
  await vi.waitFor(() => expect(router.state.errors).not.toBeNull(), { timeout: 30_000 })
  render(<RouterProvider router={router} />)
  return screen.findByRole('main')
}

describe('RouteErrorBoundary', () => {
  afterEach(cleanup)

  it('shows no failure for a read the ended session refused: sign-in comes and says so', async () => {
    const main = await renderFailing(new ApiError('unauthorized', { status: 401 }))
    expect(main).toHaveTextContent(/^Device Portal$/)
  })

  it('shows any other failure with a way to try again', async () => {
    await renderFailing(new ApiError('forbidden', { status: 403 }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  // A module that could not be fetched while the browser is online (an update replaced the
  // portal's files) is not the connection: reloading the page brings the new files.
  it.each([
    [false, 'The service cannot be reached. Check your connection and try again.'],
    [
      true,
      'Part of the portal could not be loaded, perhaps because it was just updated. Try again to reload the page.',
    ],
  ])('says what a screen whose code did not come needs (online: %s)', async (online, text) => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
    try {
      await renderFailing(
        new TypeError('Failed to fetch dynamically imported module: /assets/devices-x.js'),
      )
      expect(await screen.findByText(text)).toBeInTheDocument()
    } finally {
      onLine.mockRestore()
    }
  })
})
