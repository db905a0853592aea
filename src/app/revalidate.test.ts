import { createMemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { session } from '@/lib/session'
import { queryClient } from './query-client'
import { routeObjects } from './router'

/** Every request stays unanswered: the test counts the loaders' calls, not their answers. */
function silentService() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  )
}

/** The portal's routes at `address`, once its first navigation (guards, loaders) is done. */
async function routerAt(address: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [address] })
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 })
  await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'), { timeout: 10_000 })
  return router
}

/** How many queries the loaders of the page (frame and screen) start while `navigate` runs. */
async function queriesStartedBy(navigate: () => Promise<void>) {
  const started = vi.spyOn(queryClient, 'ensureQueryData')
  try {
    await navigate()
    return started.mock.calls.length
  } finally {
    started.mockRestore()
  }
}

describe("a screen's loader, as its fields write the address", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    queryClient.clear()
    session.expire()
  })

  it("is not run again by a keystroke in the help desk's device search", async () => {
    silentService()
    session.start('token-1', 'admin')
    const router = await routerAt('/admin/devices')
    expect(router.state.matches.at(-1)?.route.id).toBe('adminDevices')
    const keystroke = () =>
      router.navigate('/admin/devices?q=ipad', { replace: true, preventScrollReset: true })
    expect(await queriesStartedBy(keystroke)).toBe(0)
    expect(router.state.location.search).toBe('?q=ipad')
    // Asked to (the session changed), it runs as before.
    expect(await queriesStartedBy(() => router.revalidate())).toBeGreaterThan(0)
  })

  it("runs again for a filter of the employee's device list that the service applies, not for the search", async () => {
    silentService()
    session.start('token-1')
    const router = await routerAt('/devices')
    expect(router.state.matches.at(-1)?.route.id).toBe('devices')
    expect(
      await queriesStartedBy(() => router.navigate('/devices?q=ipad', { replace: true })),
    ).toBe(0)
    expect(await queriesStartedBy(() => router.navigate('/devices?q=ipad&managed=true'))).toBe(2)
  })
})
