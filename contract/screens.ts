type ScreenNamespace =
  'password' | 'devices' | 'apps' | 'enrollment' | 'account' | 'admin' | 'records'
type Screen = { path: string; namespaces: readonly ScreenNamespace[]; area: ScreenArea }

/** Who sees a screen: signed out (`public`), anyone with its link (`link`), employees, help desk. */
export type ScreenArea = 'public' | 'link' | 'signedIn' | 'admin'

/**
 * The one table of screens (each route module is named after its screen): address, texts beyond
 * the shell's, area. The router, the addresses and the server's pages come from it: they agree.
 */
export const SCREENS = {
  login: { path: '/login', namespaces: [], area: 'public' },
  forgotPassword: { path: '/forgot-password', namespaces: ['password'], area: 'public' },
  resetPassword: { path: '/reset-password', namespaces: ['password'], area: 'link' },
  devices: { path: '/devices', namespaces: ['devices'], area: 'signedIn' },
  device: { path: '/devices/:clientId', namespaces: ['devices', 'records'], area: 'signedIn' },
  apps: { path: '/apps', namespaces: ['apps'], area: 'signedIn' },
  app: { path: '/apps/:appId', namespaces: ['apps'], area: 'signedIn' },
  enroll: { path: '/enroll', namespaces: ['enrollment'], area: 'signedIn' },
  account: { path: '/account', namespaces: ['account', 'password', 'records'], area: 'signedIn' },
  adminUsers: { path: '/admin/users', namespaces: ['admin', 'records'], area: 'admin' },
  adminUser: {
    path: '/admin/users/:sid',
    namespaces: ['admin', 'devices', 'records'],
    area: 'admin',
  },
  adminActivity: { path: '/admin/activity', namespaces: ['records'], area: 'admin' },
  adminDevices: { path: '/admin/devices', namespaces: ['admin', 'devices'], area: 'admin' },
  adminDevice: {
    path: '/admin/devices/:clientId',
    namespaces: ['admin', 'devices', 'apps', 'records'],
    area: 'admin',
  },
} as const satisfies Record<string, Screen>

export type ScreenName = keyof typeof SCREENS

/** The catalog's state in the address of "My apps", read by its screen and its route loader. */
export const APPS_PARAMS = { device: 'device', query: 'q', platform: 'platform' } as const

/** Addresses that are no screen of their own: each sends on to its area's first screen. */
export const AREA_HOMES = { home: '/', admin: '/admin' } as const
