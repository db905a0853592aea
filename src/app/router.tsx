import { createBrowserRouter, redirect, type RouteObject } from 'react-router'
import { paths, routes } from '../lib/paths'
import { AppLayout } from './app-layout'
import { redirectSignedIn, requireSession } from './guards'
import { PublicLayout } from './public-layout'
import { RouteError } from './route-error'

/** Every screen is its own lazily loaded module under ./routes. */
export const routeObjects: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        Component: PublicLayout,
        errorElement: <RouteError />,
        children: [
          {
            path: routes.login,
            middleware: [redirectSignedIn],
            lazy: () => import('./routes/login'),
          },
          {
            path: routes.forgotPassword,
            middleware: [redirectSignedIn],
            lazy: () => import('./routes/forgot-password'),
          },
          {
            path: routes.resetPassword,
            middleware: [redirectSignedIn],
            lazy: () => import('./routes/reset-password'),
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
              { path: routes.devices, lazy: () => import('./routes/devices') },
              { path: routes.device, lazy: () => import('./routes/device') },
              { path: routes.apps, lazy: () => import('./routes/apps') },
              { path: routes.app, lazy: () => import('./routes/app') },
              { path: routes.enroll, lazy: () => import('./routes/enroll') },
              { path: routes.account, lazy: () => import('./routes/account') },
            ],
          },
        ],
      },
      {
        Component: PublicLayout,
        children: [{ path: '*', lazy: () => import('./routes/not-found') }],
      },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routeObjects)
}
