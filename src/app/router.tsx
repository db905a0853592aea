import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router'
import { loadNamespaces, type Namespace } from '../lib/i18n'
import { paths, routes } from '../lib/paths'
import { AppLayout } from './app-layout'
import { redirectSignedIn, requireSession } from './guards'
import { PublicLayout } from './public-layout'
import { RouteError } from './route-error'
import { SCREENS, type ScreenName } from './screens'
import { StartupFallback } from './startup-fallback'

type RouteModule = Awaited<ReturnType<NonNullable<Extract<RouteObject['lazy'], () => unknown>>>>

/**
 * A screen's module and the texts it needs beyond the shell's, fetched side by side, so the
 * screen never shows before its words have arrived.
 */
function screen(name: ScreenName | null, load: () => Promise<RouteModule>) {
  const namespaces: readonly Namespace[] = name ? SCREENS[name].namespaces : []
  return async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0]
}

/** Every screen is its own lazily loaded module under ./routes. */
export const routeObjects: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: StartupFallback,
    children: [
      {
        Component: PublicLayout,
        errorElement: <RouteError />,
        children: [
          {
            path: routes.login,
            middleware: [redirectSignedIn],
            lazy: screen('login', () => import('./routes/login')),
          },
          {
            path: routes.forgotPassword,
            middleware: [redirectSignedIn],
            lazy: screen('forgotPassword', () => import('./routes/forgot-password')),
          },
          {
            path: routes.resetPassword,
            middleware: [redirectSignedIn],
            lazy: screen('resetPassword', () => import('./routes/reset-password')),
          },
        ],
      },
      {
        Component: AppLayout,
        middleware: [requireSession],
        errorElement: <RouteError />,
        children: [
          { index: true, loader: () => redirect(paths.devices()) },
          {
            errorElement: <RouteError />,
            children: [
              { path: routes.devices, lazy: screen('devices', () => import('./routes/devices')) },
              { path: routes.device, lazy: screen('device', () => import('./routes/device')) },
              { path: routes.apps, lazy: screen('apps', () => import('./routes/apps')) },
              { path: routes.app, lazy: screen('app', () => import('./routes/app')) },
              {
                path: routes.enroll,
                lazy: screen('enroll', () => import('./routes/enroll')),
              },
              {
                path: routes.account,
                lazy: screen('account', () => import('./routes/account')),
              },
            ],
          },
        ],
      },
      {
        Component: PublicLayout,
        children: [{ path: '*', lazy: screen(null, () => import('./routes/not-found')) }],
      },
    ],
  },
]

/**
 * Starts fetching the screen of the address the portal opens on while it is still starting up
 * (settings, texts), instead of after: the router's own `lazy` call then finds it loaded.
 */
export function preloadScreen(pathname: string) {
  for (const { route } of matchRoutes(routeObjects, pathname) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined)
  }
}

export function createRouter() {
  return createBrowserRouter(routeObjects)
}
