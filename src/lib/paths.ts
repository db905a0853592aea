import { AREA_HOMES, SCREENS, type ScreenName } from '@contract/screens'

/** Every address of the portal (the screens' from the one table), beside their link builders. */
export const routes = {
  ...AREA_HOMES,
  ...(Object.fromEntries(Object.entries(SCREENS).map(([name, { path }]) => [name, path])) as {
    [Name in ScreenName]: (typeof SCREENS)[Name]['path']
  }),
}

export const paths = {
  home: () => routes.home,
  login: (from?: string) =>
    from && from !== routes.home
      ? `${routes.login}?from=${encodeURIComponent(from)}`
      : routes.login,
  forgotPassword: () => routes.forgotPassword,
  resetPassword: () => routes.resetPassword,
  devices: () => routes.devices,
  device: (clientId: string) => `${routes.devices}/${encodeURIComponent(clientId)}`,
  apps: (clientId?: string) =>
    clientId ? `${routes.apps}?device=${encodeURIComponent(clientId)}` : routes.apps,
  app: (appId: string, clientId?: string) =>
    `${routes.apps}/${encodeURIComponent(appId)}` +
    (clientId ? `?device=${encodeURIComponent(clientId)}` : ''),
  enroll: () => routes.enroll,
  account: () => routes.account,
  admin: () => routes.admin,
  adminUsers: () => routes.adminUsers,
  adminUser: (sid: string) => `${routes.adminUsers}/${encodeURIComponent(sid)}`,
  adminDevices: () => routes.adminDevices,
  /** The Activity, narrowed to one device (its client id) or one user (their sid). */
  adminActivity: (only: { device?: string; user?: string } = {}) => {
    const address = new URLSearchParams()
    if (only.device) address.set('device', only.device)
    if (only.user) address.set('user', only.user)
    const query = address.toString()
    return query ? `${routes.adminActivity}?${query}` : routes.adminActivity
  },
  adminDevice: (clientId: string) => `${routes.adminDevices}/${encodeURIComponent(clientId)}`,
} as const

/** Whether a path is in the administrators' area. */
export function isAdminPath(path: string): boolean {
  return path === routes.admin || /^\/admin[/?#]/.test(path)
}

/**
 * Where to go after signing in: only a path inside the portal (never another origin,
 * never the sign-in page itself), so a crafted `?from=` cannot send the user elsewhere.
 * An administrator goes back only into the administrators' area and an employee only outside it.
 */
export function safeReturnPath(
  from: string | null | undefined,
  role: 'user' | 'admin' = 'user',
): string {
  const home = role === 'admin' ? routes.adminUsers : routes.devices
  if (
    !from ||
    !from.startsWith('/') ||
    from.startsWith('//') ||
    from.startsWith('/\\') ||
    // The URL parser drops tabs and line breaks, so `/\t/host` would become `//host`.
    /\p{Cc}/u.test(from)
  ) {
    return home
  }
  if (from === routes.login || from.startsWith(`${routes.login}?`)) return home
  if (isAdminPath(from) !== (role === 'admin')) return home
  return from
}
