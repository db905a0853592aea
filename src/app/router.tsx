import type { RouteObject, StaticHandlerContext } from 'react-router'
import { AREA_HOMES, SCREENS, type ScreenArea, type ScreenName } from '@contract/screens'
import { loadNamespaces, loadTextParts, SHELL_NAMESPACES } from '@/lib/i18n'
import type { Namespace, TextPart } from '@/lib/i18n'
import type { SessionRole } from '@/lib/session'
import { lazyRoute, notLoadedPart, type RouteModule } from '@/lib/lazy-part'
import { hasResetLink, isInvitation } from '@/features/password/reset/reset-link-address'
import { homeLoader, redirectSignedIn, requireRole } from './guards'
import { PublicLayout } from './public-layout'
import { Root } from './root'
import { RouteErrorBoundary } from './route-error'

/** What a route loads lazily (its `handle`), by keys of Vite's manifest, for the server to preload. */
export type RouteLoads = { module?: string; texts?: readonly (Namespace | TextPart)[] }

export const FRAME = { module: '/src/app/signed-in-area.tsx', texts: ['common.frame'] } as const

/** The signed-in frame (both areas, and "not found" while signed in) and its texts, side by side. */
export const signedInFrame = () =>
  Promise.all([import('./signed-in-area'), loadTextParts(FRAME.texts)]).then(([module]) => module)

/** The route modules, each named after its route. */
const routeModules = import.meta.glob<RouteModule>('/src/app/routes/*.tsx')
function moduleOf(name: string) {
  const file = `/src/app/routes/${name.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`)}.tsx`
  const load = routeModules[file]
  if (!load) throw new Error(`No route module ${file}`)
  return { file, load }
}

/** A screen's module and texts, side by side (its route's, and a list's ahead of it). */
export const loadScreen = (name: ScreenName) =>
  Promise.all([moduleOf(name).load(), loadNamespaces(SCREENS[name].namespaces)])

/** A screen's route: its loader waits for the module alone. */
function screen(name: ScreenName): RouteObject {
  const { path, namespaces } = SCREENS[name]
  const { file, load } = moduleOf(name)
  return {
    id: name,
    path,
    handle: { module: file, texts: namespaces } satisfies RouteLoads,
    // A failed screen shows its message and a retry inside its area's frame.
    ErrorBoundary: RouteErrorBoundary,
    lazy: lazyRoute(load, async () => (await loadScreen(name))[0].Component),
  }
}

/**
 * A route module that did not arrive becomes one whose component throws, for the ErrorBoundary's
 * "Try again": a lazy route that rejects would leave a drawn page with a form nothing handles.
 */
const notLoaded = (...part: Parameters<typeof notLoadedPart>) => ({
  Component: notLoadedPart(...part),
})

const screensOf = (area: ScreenArea) =>
  (Object.keys(SCREENS) as ScreenName[]).filter((name) => SCREENS[name].area === area).map(screen)

const signedInArea = (id: string, role: SessionRole, area: ScreenArea): RouteObject => ({
  id,
  middleware: [requireRole(role)],
  handle: FRAME,
  lazy: lazyRoute(
    () => import('./signed-in-area'),
    async () => (await signedInFrame()).Component,
  ),
  children: screensOf(area),
})

const notFound = moduleOf('notFound')

/** Every address. The guards are middleware, which React Router runs before any loader below. */
export const routeObjects: RouteObject[] = [
  {
    id: 'root',
    handle: { texts: SHELL_NAMESPACES } satisfies RouteLoads,
    Component: Root,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      ...Object.entries(AREA_HOMES).map(([id, path]) => ({ id, path, loader: homeLoader })),
      {
        id: 'public',
        Component: PublicLayout,
        children: [
          { id: 'signed-out', middleware: [redirectSignedIn], children: screensOf('public') },
          ...screensOf('link'),
        ],
      },
      signedInArea('signed-in', 'user', 'signedIn'),
      signedInArea('help-desk', 'admin', 'admin'),
      {
        id: 'not-found',
        path: '*',
        handle: { module: notFound.file } satisfies RouteLoads,
        lazy: () => notFound.load().catch(notLoaded),
      },
    ],
  },
]

/**
 * Which drawing of a page an address gets (`data-page`), for the portal to know whether it may
 * take the markup over: its deepest route's, or its own where a page is drawn apart.
 */
export function pageOf(
  { matches, location }: Pick<StaticHandlerContext, 'matches' | 'location'>,
  signedIn = false,
): string {
  const id = matches.at(-1)?.route.id ?? ''
  if (signedIn && (id === 'not-found' || id === 'resetPassword')) return `${id}-signed-in`
  if (id !== 'resetPassword') return id
  if (!hasResetLink(location)) return `${id}-without-link`
  return isInvitation(location) ? `${id}-invitation` : id
}
