/** Every address of the portal, in one place. Route patterns and link builders side by side. */
export const routes = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  devices: '/devices',
  device: '/devices/:clientId',
  apps: '/apps',
  app: '/apps/:appId',
  enroll: '/enroll',
  account: '/account',
} as const

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
} as const

/**
 * Where to go after signing in: only a path inside the portal (never another origin,
 * never the sign-in page itself), so a crafted `?from=` cannot send the user elsewhere.
 */
export function safeReturnPath(from: string | null | undefined): string {
  if (
    !from ||
    !from.startsWith('/') ||
    from.startsWith('//') ||
    from.startsWith('/\\') ||
    // The URL parser drops tabs and line breaks, so `/\t/host` would become `//host`.
    /\p{Cc}/u.test(from)
  ) {
    return routes.devices
  }
  if (from === routes.login || from.startsWith(`${routes.login}?`)) return routes.devices
  return from
}
