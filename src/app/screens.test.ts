import { existsSync } from 'node:fs'
import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { isSignedInPath, routeObjects, screenHandle } from './router'
import { SCREENS, SIGNED_IN_AREA_MODULE } from '../../contract/screens'

describe('the screen table the server announces', () => {
  it.each(Object.entries(SCREENS))(
    '%s: the router loads routes/<module> at its path',
    async (_name, screen) => {
      const handle = screenHandle(screen.path.replace(/:\w+/g, 'x'))
      const loaded = await handle?.source.load()
      const module: unknown = await import(`./routes/${screen.module}.tsx`)
      expect(loaded?.Component).toBeDefined()
      expect(module).toHaveProperty('Component', loaded?.Component)
      expect(isSignedInPath(screen.path.replace(/:\w+/g, 'x'))).toBe(screen.area !== 'public')
    },
  )

  it('an unknown address has the not-found screen, not one of the table', async () => {
    const loaded = await screenHandle('/no-such-page')?.source.load()
    const notFound: unknown = await import('./routes/not-found.tsx')
    expect(notFound).toHaveProperty('Component', loaded?.Component)
  })

  it("names the signed-in area's module as the build knows it", async () => {
    expect(existsSync(SIGNED_IN_AREA_MODULE)).toBe(true)
    expect(await import('./signed-in-area.tsx')).toHaveProperty('Component')
  })
})

describe('the start finds the screen as the router does', () => {
  // The router's own answer: the last route an address matches, and whether it is inside the
  // signed-in or the help desk's area.
  const byRouter = (path: string) => {
    const matches = matchRoutes(routeObjects, path) ?? []
    return {
      handle: matches.at(-1)?.route.handle as unknown,
      signedIn: matches.some(({ route }) => route.id === 'signed-in' || route.id === 'admin'),
    }
  }

  it.each([
    '/',
    '/admin',
    '/admin/',
    '/login',
    '/Login',
    '/reset-password',
    '/devices',
    '/devices/',
    '/DEVICES',
    '/devices/abc-1',
    '/devices/abc-1/extra',
    '/apps/app%201',
    '/account',
    '/admin/users',
    '/admin/users/7',
    '/admin/devices/abc',
    '/admin/nothing',
    '/nothing',
    '/enroll',
  ])('%s', (path) => {
    const router = byRouter(path)
    expect(isSignedInPath(path)).toBe(router.signedIn)
    expect(screenHandle(path)).toBe(router.handle)
  })
})
