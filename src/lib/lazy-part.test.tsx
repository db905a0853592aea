import {
  createMemoryRouter,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { lazyRoute, loadCodeAgain, type RouteModule } from './lazy-part'

/** A route module that cannot be fetched while offline, and arrives once the connection is back. */
function flakyModule() {
  const loader = vi.fn(({ params }: LoaderFunctionArgs) => params.id ?? null)
  // Read again for another device only, as the device's page does not read its query string.
  const shouldRevalidate = vi.fn(
    ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) =>
      currentParams.id !== nextParams.id,
  )
  const module: RouteModule = { Component: () => null, loader, shouldRevalidate }
  const network = { offline: true }
  const load = () =>
    network.offline
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve(module)
  return { loader, shouldRevalidate, load, network }
}

describe('lazyRoute', () => {
  it("keeps a route's loader and shouldRevalidate when its module did not arrive the first time", async () => {
    const { loader, shouldRevalidate, load, network } = flakyModule()
    const router = createMemoryRouter(
      [
        { id: 'list', path: '/', loader: () => null },
        {
          id: 'device',
          path: '/devices/:id',
          lazy: lazyRoute(load, async () => (await load()).Component),
        },
      ],
      { initialEntries: ['/'] },
    )
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 30_000 })

    await router.navigate('/devices/a')
    expect(loader).not.toHaveBeenCalled()
    network.offline = false
    // The connection is back: the same address in place, as the error boundary asks for it.
    loadCodeAgain()
    await router.navigate('/devices/a', { replace: true })
    expect(router.state.loaderData.device).toBe('a')
    await router.navigate('/devices/b')
    expect(loader.mock.lastCall?.[0].params).toEqual({ id: 'b' })
    expect(router.state.loaderData.device).toBe('b')
    // The module's own rule: nothing read again for a change of the query string alone.
    const calls = loader.mock.calls.length
    await router.navigate('/devices/b?tab=apps')
    expect(shouldRevalidate).toHaveBeenCalled()
    expect(loader).toHaveBeenCalledTimes(calls)
    router.dispose()
  })
})
