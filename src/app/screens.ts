import { routes } from '../lib/paths'

/**
 * Each route's lazily loaded screen module (`src/app/routes/<module>.tsx`) and the text
 * namespaces it needs beyond the shell's. Plain data, so the server can read it too: it announces
 * a screen's files in the page it sends (server/screen-preloads.ts) and the browser fetches them
 * alongside the portal's own code instead of after it.
 */
export const SCREENS = {
  login: { path: routes.login, module: 'login', namespaces: [] },
  forgotPassword: {
    path: routes.forgotPassword,
    module: 'forgot-password',
    namespaces: ['password'],
  },
  resetPassword: { path: routes.resetPassword, module: 'reset-password', namespaces: ['password'] },
  devices: { path: routes.devices, module: 'devices', namespaces: ['devices'] },
  device: { path: routes.device, module: 'device', namespaces: ['devices'] },
  apps: { path: routes.apps, module: 'apps', namespaces: ['apps'] },
  app: { path: routes.app, module: 'app', namespaces: ['apps'] },
  enroll: { path: routes.enroll, module: 'enroll', namespaces: ['enrollment'] },
  account: { path: routes.account, module: 'account', namespaces: ['account', 'password'] },
} as const satisfies Record<
  string,
  {
    path: string
    module: string
    namespaces: readonly ('password' | 'devices' | 'apps' | 'enrollment' | 'account')[]
  }
>

export type ScreenName = keyof typeof SCREENS
