import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routeObjects } from './router'
import { SCREENS } from './screens'

describe('the screen table the server announces', () => {
  it.each(Object.entries(SCREENS))(
    '%s: the router loads routes/<module> at its path',
    async (_name, screen) => {
      const match = matchRoutes(routeObjects, screen.path.replace(/:\w+/g, 'x'))?.at(-1)
      expect(match?.route.path).toBe(screen.path)
      const lazy = match?.route.lazy
      const loaded = typeof lazy === 'function' ? await lazy() : undefined
      const module: unknown = await import(`./routes/${screen.module}.tsx`)
      expect(module).toHaveProperty('Component', loaded?.Component)
    },
  )
})
