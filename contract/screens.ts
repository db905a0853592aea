import type { ApiPath } from './requests'

type ScreenNamespace =
  'password' | 'devices' | 'apps' | 'enrollment' | 'account' | 'admin' | 'records'

/**
 * Who may see a screen, and in which frame: `public` for the signed-out pages (a signed-in
 * visitor is sent on), `signedIn` for employees and `admin` for the help desk; both of the latter
 * share the signed-in frame (`src/app/signed-in-area.tsx`), which loads with the screen.
 */
export type ScreenArea = 'public' | 'signedIn' | 'admin'

/**
 * The portal's one table of screens: each address, its lazily loaded module
 * (`src/app/routes/<module>.tsx`), the text namespaces it needs beyond the shell's, and its area.
 * The router builds its routes from it (src/app/router.tsx), `src/lib/paths.ts` its addresses,
 * and the server announces a screen's files in the page it sends (server/screen-preloads.ts) so
 * the browser fetches them alongside the portal's own code instead of after it.
 */
export const SCREENS = {
  login: { path: '/login', module: 'login', namespaces: [], area: 'public' },
  forgotPassword: {
    path: '/forgot-password',
    module: 'forgot-password',
    namespaces: ['password'],
    area: 'public',
  },
  resetPassword: {
    path: '/reset-password',
    module: 'reset-password',
    namespaces: ['password'],
    area: 'public',
  },
  devices: { path: '/devices', module: 'devices', namespaces: ['devices'], area: 'signedIn' },
  device: {
    path: '/devices/:clientId',
    module: 'device',
    namespaces: ['devices', 'records'],
    area: 'signedIn',
  },
  apps: { path: '/apps', module: 'apps', namespaces: ['apps'], area: 'signedIn' },
  app: { path: '/apps/:appId', module: 'app', namespaces: ['apps'], area: 'signedIn' },
  enroll: { path: '/enroll', module: 'enroll', namespaces: ['enrollment'], area: 'signedIn' },
  account: {
    path: '/account',
    module: 'account',
    namespaces: ['account', 'password', 'records'],
    area: 'signedIn',
  },
  adminUsers: { path: '/admin/users', module: 'admin-users', namespaces: ['admin'], area: 'admin' },
  adminUser: {
    path: '/admin/users/:sid',
    module: 'admin-user',
    namespaces: ['admin', 'devices', 'records'],
    area: 'admin',
  },
  adminDevices: {
    path: '/admin/devices',
    module: 'admin-devices',
    namespaces: ['admin', 'devices'],
    area: 'admin',
  },
  adminDevice: {
    path: '/admin/devices/:clientId',
    module: 'admin-device',
    namespaces: ['admin', 'devices', 'apps', 'records'],
    area: 'admin',
  },
} as const satisfies Record<
  string,
  { path: string; module: string; namespaces: readonly ScreenNamespace[]; area: ScreenArea }
>

export type ScreenName = keyof typeof SCREENS

/** Addresses that are no screen of their own: each sends on to its area's first screen. */
/**
 * The catalog's state in the address of "My apps" (`?device=…&q=…&platform=…`): read by the
 * screen (src/features/apps/model/search-params.ts) and by the server's startup frame.
 */
export const APPS_PARAMS = { device: 'device', query: 'q', platform: 'platform' } as const

export const AREA_HOMES = { home: '/', admin: '/admin' } as const

/** The parts of an address, without a trailing slash, in lower case (as the router compares). */
function partsOf(path: string): string[] {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  return trimmed.toLowerCase().split('/')
}

/**
 * The screen an address shows, by the table's patterns (`:name` is any one part), or null: for
 * the server's page and the portal's start, which both need it before the router runs.
 */
export function screenAt(path: string): ScreenName | null {
  const have = partsOf(path)
  const matches = (pattern: string) => {
    const want = partsOf(pattern)
    return (
      want.length === have.length &&
      want.every((part, index) =>
        part.startsWith(':') ? have[index] !== '' : part === have[index],
      )
    )
  }
  return (Object.keys(SCREENS) as ScreenName[]).find((name) => matches(SCREENS[name].path)) ?? null
}

/** Whether an address is in the signed-in area: one of its screens, or an area's home. */
export function isSignedInAddress(path: string): boolean {
  const name = screenAt(path)
  if (name) return SCREENS[name].area !== 'public'
  return (Object.values(AREA_HOMES) as string[]).includes(partsOf(path).join('/') || '/')
}

/**
 * Where the build writes which file each of the portal's modules ended up in
 * (build/module-chunks.ts), next to Vite's manifest: the server reads it to announce a screen
 * that was grouped into a shared chunk.
 */
export const MODULE_CHUNKS_FILE = '.vite/module-chunks.json'

/**
 * The id of the page's data block that lists a screen's code and styles (server/screen-preloads.ts),
 * which the page's start script fetches once the page has painted (build/first-paint.ts).
 */
export const PRELOADS_ID = 'portal-preloads'

/**
 * Where the page's start script puts the address's query when it carries a password link's token
 * (a property of `window`), having taken it out of the address bar (build/first-paint.ts).
 */
export const LINK_STASH = '__portalLinkQuery'

/**
 * Where a tab keeps its session's token (sessionStorage, src/lib/session.ts). The page's start
 * script looks only at whether there is one (build/first-paint.ts).
 */
export const SESSION_STORAGE_KEY = 'mdm.session'

/** The module of the signed-in area's frame, relative to the project (for the build manifest). */
export const SIGNED_IN_AREA_MODULE = 'src/app/signed-in-area.tsx'

/**
 * The frame's texts (navigation, notifications, the session's end), which the sign-in page does
 * not show: `locales/<language>/common.frame.json`, merged into `common` when the frame loads.
 */
export const SIGNED_IN_AREA_TEXTS = ['common.frame'] as const

/**
 * The texts every page shows (the shell, error messages, the sign-in page), fetched while the
 * portal starts: `locales/<language>/<namespace>.json`, announced in every page the server sends.
 */
export const SHELL_TEXTS = ['common', 'errors', 'auth'] as const

/**
 * The id of the page's data block that lists the API requests its screen makes first
 * (firstRequests), which the page's start script sends in a signed-in tab while the portal's code
 * loads (build/first-paint.ts).
 */
export const FIRST_REQUESTS_ID = 'portal-requests'

/**
 * Where the page's start script puts the requests it sent (a property of `window`), for the API
 * client to take their answers instead of asking again (src/lib/api/early-answers.ts).
 */
export const EARLY_ANSWERS = '__portalEarlyAnswers'

/**
 * Where the build puts the server's renderer of a device's page (src/first-screen/device-screen.tsx,
 * build/server-render.ts), inside the build's folder but never served (the server serves no
 * hidden folder).
 */
export const DEVICE_SCREEN_RENDERER = '.server/device-screen.js'

/**
 * The server's address that asks the service for a device (`device/info`, the same body) and
 * answers with the service's answer and the device's page rendered in the page's language
 * (server/first-screen.ts). A device's page sends its first `device/info` here, so the page shows
 * the device before the portal's code has run.
 */
export const DEVICE_SCREEN_PATH = '/first-screen/device'

/** One API request a screen makes as it opens: the interface's path and the body, token aside. */
export interface FirstRequest {
  path: Extract<ApiPath, 'user/info' | 'device/info'>
  body: Record<string, string>
}

/**
 * The API requests a signed-in screen makes first, whoever is signed in, as far as its address
 * tells: the frame's user (src/app/signed-in-area.tsx) and a device's page its device
 * (src/app/routes/device.tsx, `preload`). Each body is the one the API client sends, in its
 * order, so the portal recognises the answer as its own. Lists are left to the screens: a long
 * one sent with the page would share the connection with the portal's code, which it cannot do
 * without. Public pages make none that needs a session.
 */
export function firstRequests(path: string): FirstRequest[] {
  const name = screenAt(path)
  if (!name || SCREENS[name].area === 'public') return []
  const requests: FirstRequest[] = [{ path: 'user/info', body: {} }]
  if (name === 'device') {
    const clientid = decodedPart(path.replace(/\/+$/, '').split('/')[2] ?? '')
    if (clientid) requests.push({ path: 'device/info', body: { clientid } })
  }
  return requests
}

/** A part of an address as the router reads it (decoded), or null when it cannot be decoded. */
function decodedPart(part: string): string | null {
  try {
    return decodeURIComponent(part)
  } catch {
    return null
  }
}
