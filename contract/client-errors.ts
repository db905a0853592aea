import { AREA_HOMES, SCREENS } from './screens.ts'

/**
 * What the browser tells the portal server when a screen throws or a route fails, for the
 * operator's log (docs/operating.md, "Errors in the browser"): the error's name and message, the
 * route's pattern and the build, nothing else. No zod here: the browser sends from the start of
 * every page (it takes only the report's type from client-error-report.ts); the server checks the
 * report against that schema, as it would anyone's.
 */

/** The portal server's own route for the reports (beside `/api/portal/sign-out`). */
export const CLIENT_ERRORS_PATH = '/api/portal/client-errors'

/** The longest of each member; the browser cuts to these, the server refuses more. */
export const CLIENT_ERROR_LENGTHS = { name: 100, message: 500, version: 64 } as const

/**
 * Every route pattern React Router can name (`/devices/:clientId`, never an address): the
 * screens, the areas' homes and "not found" (`*`). Anything else is refused, so no id, query or
 * fragment ever reaches the log through it.
 */
export const ROUTE_PATTERNS = [
  ...new Set<string>([
    ...Object.values(AREA_HOMES),
    ...Object.values(SCREENS).map((screen) => screen.path),
    '*',
  ]),
]

/**
 * An error's text without what must not be logged: the query and fragment of any address in it
 * (reset tokens, `?json=` with an access token), e-mail addresses, and long runs that look like
 * a token. Both sides apply it: the browser before it sends, the server before it logs.
 */
export function scrubbed(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#]\S*/gi, '$1')
    .replace(/[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g, '[e-mail]')
    .replace(/[A-Za-z0-9_~+=-]{40,}/g, '[redacted]')
}
