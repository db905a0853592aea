import { createMemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { session } from '@/lib/session'
import { queryClient } from './query-client'
import { routeObjects } from './router'

/** Where the portal's routes end up from `address`, once its first navigation is done. */
async function landing(address: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [address] })
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 })
  await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'), { timeout: 10_000 })
  const { pathname, search } = router.state.location
  const route = router.state.matches.at(-1)?.route.id
  router.dispose()
  return { route, address: pathname + search }
}

describe('the sign-in pages, as the router reads an address', () => {
  // The screens' first requests stay unanswered: the test reads where the router lands.
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    queryClient.clear()
    session.expire()
  })

  /** Every spelling React Router matches to the same route: case and a trailing slash aside. */
  const spellings = (path: string) => [path, `${path}/`, path.toUpperCase(), `${path}//`]

  it('send a signed-in employee on to their devices, however the address is spelled', async () => {
    session.start('token-1')
    for (const path of [...spellings('/login'), ...spellings('/forgot-password')]) {
      expect(await landing(path), path).toEqual({ route: 'devices', address: '/devices' })
    }
  })

  it('leave a password link open for its account whoever is signed in, however it is spelled', async () => {
    session.start('token-1')
    for (const path of spellings('/reset-password')) {
      const address = `${path}?token=abc`
      expect(await landing(address), address).toEqual({ route: 'resetPassword', address })
    }
  })

  it('are what a signed-out visitor gets at every spelling', async () => {
    for (const path of spellings('/reset-password')) {
      expect((await landing(`${path}?token=abc`)).route, path).toBe('resetPassword')
    }
    expect((await landing('/LOGIN/')).route).toBe('login')
  })
})
