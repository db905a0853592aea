import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SHELL_NAMESPACES } from '@/lib/i18n'
import { SCREENS, type ScreenName } from '@contract/screens'
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

/** The modules a module imports (not its types, nor what it loads later with `import()`). */
function imports(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const specifiers = [
    ...source.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?\bfrom\s+'([^']+)'/gm),
  ].map(([, specifier = '']) => specifier)
  return specifiers.flatMap((specifier) => {
    const base = specifier.startsWith('@/')
      ? `src/${specifier.slice(2)}`
      : specifier.startsWith('@contract/')
        ? `contract/${specifier.slice(10)}`
        : specifier.startsWith('.')
          ? join(dirname(file), specifier)
          : null
    if (base === null) return []
    return [`${base}.ts`, `${base}.tsx`, base]
      .filter((path) => /\.tsx?$/.test(path) && existsSync(path))
      .slice(0, 1)
  })
}

/** The namespaces `useTranslation` asks for in a module and every module it imports. */
function namespacesAskedFor(entry: string): Map<string, string> {
  const asked = new Map<string, string>()
  const seen = new Set<string>()
  const next = [entry]
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    next.push(...imports(file))
    for (const [, args = ''] of readFileSync(file, 'utf8').matchAll(/useTranslation\(([^)]*)\)/g)) {
      const names = [...args.matchAll(/'([\w.]+)'/g)].map(([, name = '']) => name)
      for (const name of names.length ? names : ['common'])
        if (!asked.has(name)) asked.set(name, file)
    }
  }
  return asked
}

describe("a screen's texts", () => {
  // A component whose namespace has not come suspends, and no Suspense boundary is above the
  // screens: React holds back every render of the page until the file comes, a keystroke's too,
  // and a controlled field is set back to what it showed (the user search lost letters so).
  it.each(Object.keys(SCREENS) as ScreenName[])('are those its components ask for: %s', (name) => {
    const file = `src/app/routes/${name.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`)}.tsx`
    const loaded: string[] = [...SHELL_NAMESPACES, ...SCREENS[name].namespaces]
    const asked = namespacesAskedFor(file)
    expect(asked.size).toBeGreaterThan(0)
    const missing = [...asked].filter(([namespace]) => !loaded.includes(namespace))
    expect(missing).toEqual([])
  })
})
