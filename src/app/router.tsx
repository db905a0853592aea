import type { ComponentType } from 'react'
import type { LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router'
import { SCREENS, type ScreenArea, type ScreenName } from '@contract/screens'
import { loadNamespaces, SHELL_NAMESPACES, type Namespace, type TextPart } from '@/lib/i18n'
import { routes } from '@/lib/paths'
import { hasResetLink, isInvitation } from '@/features/password/reset/reset-link-address'
import { homeLoader, redirectSignedIn, requireRole } from './guards'
import { PublicLayout } from './public-layout'
import { Root } from './root'
import { RouteErrorBoundary } from './route-error'
import { FRAME, signedInFrame } from './signed-in-frame'

/**
 * A screen's route module: its component, its loader where it starts its data, and when that
 * loader need not run again (`revalidateOnChangeOf`).
 */
interface ScreenModule {
  Component: ComponentType
  loader?: LoaderFunction
  shouldRevalidate?: ShouldRevalidateFunction
}

/**
 * What a route loads lazily, in its `handle`: its module (a key of Vite's manifest) and its texts,
 * which the page the server draws of it preloads (render-page.tsx).
 */
export interface RouteLoads {
  module?: string
  texts?: readonly (Namespace | TextPart)[]
}

/** The route modules, by their keys in Vite's manifest; each named after its route. */
const routeModules = import.meta.glob<ScreenModule>('/src/app/routes/*.tsx')
function moduleOf(name: string) {
  const file = `/src/app/routes/${name.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`)}.tsx`
  const load = routeModules[file]
  if (!load) throw new Error(`No route module ${file}`)
  return { file, load }
}

/**
 * A screen's module and the texts it needs beyond the shell's, fetched side by side on first use
 * (React Router's lazy object): the loader runs as soon as the module is there, so the screen's
 * data does not wait for its texts; the component does.
 */
function screen(name: ScreenName): RouteObject {
  const { path, namespaces } = SCREENS[name]
  const { file, load } = moduleOf(name)
  return {
    id: name,
    path,
    handle: { module: file, texts: namespaces } satisfies RouteLoads,
    // A failed screen shows its message and a retry inside its area's frame.
    ErrorBoundary: RouteErrorBoundary,
    lazy: {
      loader: async () => (await load().catch(() => undefined))?.loader,
      shouldRevalidate: async () => (await load().catch(() => undefined))?.shouldRevalidate,
      Component: () =>
        Promise.all([load(), loadNamespaces(namespaces)]).then(
          ([module]) => module.Component,
          notLoaded,
        ),
    },
  }
}

/**
 * A route module that did not arrive (the network dropped, a new version replaced it): a
 * component that fails in rendering, where the ErrorBoundary says so and offers to load the page
 * again. A lazy route that rejects stays unresolved instead, and React Router then draws nothing
 * below it: a page drawn by the server would keep a form that nothing handles.
 */
function notLoaded(error: unknown): ComponentType {
  return function NotLoaded(): never {
    throw error
  }
}

/** A lazily loaded route module, or, should it not arrive, the component that says so. */
function orNotLoaded<Module>(load: () => Promise<Module>) {
  return () => load().catch((error: unknown) => ({ Component: notLoaded(error) }))
}

const frame = orNotLoaded(signedInFrame)
const notFound = moduleOf('notFound')

function screensOf(area: ScreenArea): RouteObject[] {
  return (Object.keys(SCREENS) as ScreenName[])
    .filter((name) => SCREENS[name].area === area)
    .map(screen)
}

/**
 * Every address of the portal. The areas' guards are middleware, which React Router runs before
 * any loader of the routes below them; their frames and screens are lazily loaded route modules.
 */
export const routeObjects: RouteObject[] = [
  {
    id: 'root',
    handle: { texts: SHELL_NAMESPACES } satisfies RouteLoads,
    Component: Root,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      { id: 'home', path: routes.home, loader: homeLoader },
      { id: 'admin-home', path: routes.admin, loader: homeLoader },
      {
        id: 'public',
        Component: PublicLayout,
        middleware: [redirectSignedIn],
        children: screensOf('public'),
      },
      {
        id: 'signed-in',
        middleware: [requireRole('user')],
        handle: FRAME,
        lazy: frame,
        children: screensOf('signedIn'),
      },
      {
        id: 'help-desk',
        middleware: [requireRole('admin')],
        handle: FRAME,
        lazy: frame,
        children: screensOf('admin'),
      },
      {
        id: 'not-found',
        path: '*',
        handle: { module: notFound.file } satisfies RouteLoads,
        lazy: orNotLoaded(notFound.load),
      },
    ],
  },
]

/**
 * Which drawing of a page an address gets: its deepest route, and for a page not found whether
 * it is drawn in the signed-in frame. The server's pages carry it (`data-page` on the root), so
 * the portal knows whether it may take over the markup or must draw the page anew. The password
 * link's page is drawn with its form; opened without a link (no token in the address, none kept
 * in the history entry, see `useResetLink`) it says the link does not work, a drawing of its own;
 * an invitation's link has the invitation's words, another.
 */
export function pageOf(
  state: {
    matches: readonly { route: { id?: string } }[]
    location: { search: string; state: unknown }
  },
  signedIn = false,
): string {
  const id = state.matches.at(-1)?.route.id ?? ''
  if (id === 'not-found' && signedIn) return 'not-found-signed-in'
  if (id === 'resetPassword' && !hasResetLink(state.location)) return 'reset-password-without-link'
  // Signed in, the link's page also says that saving signs this browser out.
  if (id === 'resetPassword' && signedIn) return 'reset-password-signed-in'
  // An invitation's page has words of its own.
  if (id === 'resetPassword' && isInvitation(state.location)) return 'reset-password-invitation'
  return id
}
