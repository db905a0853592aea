import { Suspense, use, type ComponentType } from 'react'
import { ErrorBoundary } from 'react-error-boundary'
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router'
import { Skeleton } from '../components/skeleton'
import { loadNamespaces, loadTextParts, type Namespace, type TextPart } from '../lib/i18n'
import { lazyPart, type LazyPart } from '../lib/lazy-part'
import { paths, routes } from '../lib/paths'
import { RedirectSignedIn, RequireAdmin, RequireSession } from './guards'
import { PublicLayout } from './public-layout'
import { RouteError } from './route-error'
import {
  isSignedInAddress,
  screenAt,
  SCREENS,
  SIGNED_IN_AREA_TEXTS,
  type ScreenArea,
  type ScreenName,
} from '../../contract/screens'
import { StartupFallback } from './startup-fallback'

/** The address a screen opens on, as its `preload` reads it. */
export interface ScreenAddress {
  pathname: string
  search: string
}

export interface ScreenModule {
  Component: ComponentType
  /**
   * Starts the requests the screen needs for its first useful paint, side by side, as soon as
   * its code is there (the portal opening on it), instead of one after the other once it renders.
   * Settles when they have been answered (or failed), so the first render can wait for them.
   */
  preload?: (address: ScreenAddress) => Promise<unknown> | void
  /**
   * Fetches the parts of the screen its settings call for (see `getConfig`), before it first
   * shows: when the portal opens on it, once the settings are there; later, with its code.
   */
  prepare?: () => Promise<unknown>
}

/** A screen's code, fetched on first use (see lib/lazy-part.ts). */
export type ScreenSource = LazyPart<ScreenModule>

/** What a route keeps in its `handle`: where its screen comes from, ahead of time or to show it. */
export interface ScreenHandle {
  source: ScreenSource
}

/**
 * A screen's module and the texts it needs beyond the shell's, fetched side by side and once,
 * so the screen never shows before its words have arrived.
 */
function screenSource(
  name: ScreenName | null,
  load: () => Promise<ScreenModule>,
  parts: readonly TextPart[] = [],
): ScreenSource {
  const namespaces: readonly Namespace[] = name ? SCREENS[name].namespaces : []
  return lazyPart(async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces), loadTextParts(parts)])
    await module.prepare?.()
    return module
  })
}

function Loaded({ source }: { source: ScreenSource }) {
  const { Component } = source.current() ?? use(source.load())
  return <Component />
}

/**
 * One screen of the portal: loaded on first use, a placeholder while it loads, and its own error
 * boundary (the message and a retry), which starts afresh when the address changes.
 */
function Screen({ source }: { source: ScreenSource }) {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
      <Suspense fallback={<Skeleton rows={4} />}>
        <Loaded source={source} />
      </Suspense>
    </ErrorBoundary>
  )
}

/** The signed-in frame (header, navigation, server state, its texts); see signed-in-area.tsx. */
const signedInArea = screenSource(null, () => import('./signed-in-area'), SIGNED_IN_AREA_TEXTS)

/** Each screen's handle by name, as the routes carry it. */
const handles = new Map<ScreenName, ScreenHandle>()

/** Each screen module under ./routes, fetched on first use (one chunk each). */
const screenModules = import.meta.glob<ScreenModule>('./routes/*.tsx')

function screen(path: string, name: ScreenName | null, module: string) {
  const load = screenModules[`./routes/${module}.tsx`]
  if (!load) throw new Error(`No screen module ./routes/${module}.tsx`)
  const handle: ScreenHandle = { source: screenSource(name, load) }
  if (name) handles.set(name, handle)
  // The key makes each screen its own boundary, so going to a screen not loaded yet shows its
  // placeholder at once rather than leaving the previous screen up with no sign of progress.
  const element = <Screen key={name ?? 'not-found'} source={handle.source} />
  return { path, handle, element } satisfies RouteObject
}

/** The routes of one area, in the table's order. */
function screensOf(area: ScreenArea): RouteObject[] {
  return (Object.keys(SCREENS) as ScreenName[])
    .filter((name) => SCREENS[name].area === area)
    .map((name) => screen(SCREENS[name].path, name, SCREENS[name].module))
}

const notFound = screen('*', null, 'not-found')

const SIGNED_IN = 'signed-in'
const ADMIN = 'admin'

/** Every address of the portal, built from the screen table (contract/screens.ts). */
export const routeObjects: RouteObject[] = [
  {
    element: (
      <RedirectSignedIn>
        <PublicLayout />
      </RedirectSignedIn>
    ),
    children: screensOf('public'),
  },
  {
    id: SIGNED_IN,
    element: (
      <RequireSession>
        <Suspense fallback={<StartupFallback />}>
          <Loaded source={signedInArea} />
        </Suspense>
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to={paths.devices()} replace /> },
      ...screensOf('signedIn'),
    ],
  },
  {
    // The help desk: its own guard, the same frame, its own lazily loaded screens.
    id: ADMIN,
    path: routes.admin,
    element: (
      <RequireAdmin>
        <Suspense fallback={<StartupFallback />}>
          <Loaded source={signedInArea} />
        </Suspense>
      </RequireAdmin>
    ),
    children: [
      { index: true, element: <Navigate to={paths.adminUsers()} replace /> },
      ...screensOf('admin'),
    ],
  },
  {
    element: <PublicLayout />,
    children: [notFound],
  },
]

/**
 * The screen of an address, if it has one: for fetching it ahead of time. Found in the screen
 * table (contract/screens.ts) rather than by the router, whose matching ranks every route each
 * time: the start asks before the first render, when every millisecond holds up the page.
 */
export function screenHandle(pathname: string): ScreenHandle | undefined {
  const name = screenAt(pathname)
  if (name) return handles.get(name)
  // An area's home sends on; any other address is not found.
  return isSignedInAddress(pathname) ? undefined : notFound.handle
}

/** Whether an address is in the signed-in area (and needs its frame). */
export const isSignedInPath = isSignedInAddress

/**
 * How long the portal's first render waits for a signed-in screen's first answers. The page
 * shows the server's startup frame (the screen's heading and placeholders) meanwhile, as the
 * screen would; rendered with its data, the screen is drawn once, in slices that leave the main
 * thread free (a transition), instead of drawn empty and then again in one long task when the
 * answers arrive (TanStack Query's updates are synchronous). A slow service gets its
 * placeholders from the screen itself after this long.
 */
export const FIRST_DATA_WAIT_MS = 1000

/**
 * Fetches the screen of the address the portal opens on (and the signed-in frame when it is in
 * that area) while the portal is still starting up, instead of after. Settles when they are
 * there, or failed: a failure shows on the screen itself, with its retry. Once the screen's code
 * is there and `ready` (the settings, the session) has settled, the frame and the screen start
 * their requests (`preload`; in the signed-in area for a signed-in user only); it settles once
 * they are answered too, or after `waitForData` ms at the latest.
 */
export async function preloadScreen(
  address: ScreenAddress,
  {
    ready,
    signedIn,
    waitForData = FIRST_DATA_WAIT_MS,
  }: { ready?: Promise<unknown>; signedIn: () => boolean; waitForData?: number },
): Promise<void> {
  const screen = screenHandle(address.pathname)?.source.load()
  const area = isSignedInPath(address.pathname) ? signedInArea.load() : undefined
  const loads: (Promise<unknown> | undefined)[] = [
    screen,
    area,
    // What the settings call for (sign-in with Microsoft), now that they are known.
    screen?.then((module) => module.prepare && ready?.then(module.prepare)),
  ]
  if (screen) {
    // A signed-in screen asks for a signed-in user only; a public one (a password link) for anyone.
    // Each in a task of its own: not on the end of the long one that ran the code just arrived.
    const nextTask = () => new Promise((resolve) => setTimeout(resolve))
    const requests = async (part: Promise<ScreenModule>) => {
      try {
        const [module] = await Promise.all([part, ready])
        await nextTask()
        return !area || signedIn() ? await module.preload?.(address) : undefined
      } catch {
        return undefined
      }
    }
    const answered = Promise.all([area && requests(area), requests(screen)])
    const patience = new Promise((resolve) => setTimeout(resolve, waitForData))
    loads.push(Promise.race([answered, patience]))
  }
  await Promise.all(loads.map((load) => load?.catch(() => undefined)))
}

/** The portal's routes; an error outside any screen (in a layout) still gets its message. */
export function AppRoutes() {
  const element = useRoutes(routeObjects)
  const { pathname } = useLocation()
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
      {element}
    </ErrorBoundary>
  )
}
