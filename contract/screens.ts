import { routes } from '../src/lib/paths'

type ScreenNamespace = 'password' | 'devices' | 'apps' | 'enrollment' | 'account' | 'admin'

/**
 * Each route's lazily loaded screen module (`src/app/routes/<module>.tsx`), the text namespaces
 * it needs beyond the shell's, and whether it is in the signed-in area (whose frame,
 * `src/app/signed-in-area.tsx`, loads with it). Plain data, so the server can read it too: it
 * announces a screen's files in the page it sends (server/screen-preloads.ts) and the browser
 * fetches them alongside the portal's own code instead of after it.
 */
export const SCREENS = {
  login: { path: routes.login, module: 'login', namespaces: [], signedIn: false },
  forgotPassword: {
    path: routes.forgotPassword,
    module: 'forgot-password',
    namespaces: ['password'],
    signedIn: false,
  },
  resetPassword: {
    path: routes.resetPassword,
    module: 'reset-password',
    namespaces: ['password'],
    signedIn: false,
  },
  devices: { path: routes.devices, module: 'devices', namespaces: ['devices'], signedIn: true },
  device: { path: routes.device, module: 'device', namespaces: ['devices'], signedIn: true },
  apps: { path: routes.apps, module: 'apps', namespaces: ['apps'], signedIn: true },
  app: { path: routes.app, module: 'app', namespaces: ['apps'], signedIn: true },
  enroll: { path: routes.enroll, module: 'enroll', namespaces: ['enrollment'], signedIn: true },
  account: {
    path: routes.account,
    module: 'account',
    namespaces: ['account', 'password'],
    signedIn: true,
  },
  // The administrators' area (help desk) shares the signed-in frame.
  adminUsers: {
    path: routes.adminUsers,
    module: 'admin-users',
    namespaces: ['admin'],
    signedIn: true,
  },
  adminUser: {
    path: routes.adminUser,
    module: 'admin-user',
    namespaces: ['admin', 'devices'],
    signedIn: true,
  },
  adminDevices: {
    path: routes.adminDevices,
    module: 'admin-devices',
    namespaces: ['admin', 'devices'],
    signedIn: true,
  },
  adminDevice: {
    path: routes.adminDevice,
    module: 'admin-device',
    namespaces: ['admin', 'devices', 'apps'],
    signedIn: true,
  },
} as const satisfies Record<
  string,
  { path: string; module: string; namespaces: readonly ScreenNamespace[]; signedIn: boolean }
>

export type ScreenName = keyof typeof SCREENS

/** The module of the signed-in area's frame, relative to the project (for the build manifest). */
export const SIGNED_IN_AREA_MODULE = 'src/app/signed-in-area.tsx'

/**
 * The frame's texts (navigation, notifications, the session's end), which the sign-in page does
 * not show: `locales/<language>/common.frame.json`, merged into `common` when the frame loads.
 */
export const SIGNED_IN_AREA_TEXTS = ['common.frame'] as const
