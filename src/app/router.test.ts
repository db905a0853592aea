import { existsSync } from 'node:fs'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderPage } from './render-page'
import { routeObjects, type RouteLoads } from './router'

/** Every route, each before its children. */
function everyRoute(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...everyRoute(route.children ?? [])])
}

/** The component a lazy route resolves to, whether its `lazy` is a function or an object. */
async function lazyComponent(route: RouteObject): Promise<unknown> {
  const { lazy } = route
  if (typeof lazy === 'function')
    return (await (lazy as LazyRouteFunction<RouteObject>)()).Component
  return lazy?.Component?.()
}

describe('what a route says it loads, which the server preloads in its page', () => {
  it('is the module its lazy route loads, for every lazy route', async () => {
    const lazy = everyRoute(routeObjects).filter((route) => route.lazy)
    expect(lazy.length).toBeGreaterThan(13)
    for (const route of lazy) {
      const { module } = route.handle as RouteLoads
      expect(module, route.id).toBeDefined()
      const declared = (await import(/* @vite-ignore */ module ?? '')) as { Component: unknown }
      expect(await lazyComponent(route), route.id).toBe(declared.Component)
    }
  })

  it("is, for a device's page in German, the frame, the screen and their texts beside the shell's", async () => {
    const { files } = await renderPage('http://portal/devices/abc', 'de', {})
    expect(files).toEqual([
      'locales/de/common.json',
      'locales/de/errors.json',
      'locales/de/auth.json',
      'src/app/signed-in-area.tsx',
      'locales/de/common.frame.json',
      'src/app/routes/device.tsx',
      'locales/de/devices.json',
      'locales/de/records.json',
    ])
    // Each a file of the portal, as Vite's manifest names it.
    for (const file of files) expect(existsSync(file), file).toBe(true)
  })
})
