import { isRouteErrorResponse, type ClientOnErrorFunction, type RouterState } from 'react-router'
import {
  CLIENT_ERROR_LENGTHS,
  CLIENT_ERRORS_PATH,
  ROUTE_PATTERNS,
  scrubbed,
} from '@contract/client-errors'
import type { ClientErrorReport } from '@contract/client-error-report'
import { isApiError } from '@/lib/api/api-error'
import { isCodeNotLoaded } from '@/lib/lazy-part'

/**
 * A screen that threw or a route that failed, told to the portal server for the operator's log
 * (server/http/browser-errors.ts): the error's name and message, the route's pattern (never the
 * address), the build. Part of the start of every page, so that a screen whose code a deploy
 * took away is still reported; with no zod and nothing else the start would not load anyway.
 */

/** A screen that throws on every render would report each time: a page load sends this many. */
const MOST_REPORTS = 3
const sent = new Set<string>()

/**
 * Failures the portal expects and explains on the screen: no connection, the service away or
 * slow, a refusal the screen words (a 4xx), code that did not arrive while offline. An answer
 * the portal could not read is a defect, and code that did not arrive online most likely a
 * deploy that replaced the files: those are reported.
 */
function isExplained(error: unknown): boolean {
  if (isApiError(error)) return error.kind !== 'malformed'
  if (isRouteErrorResponse(error)) return error.status < 500
  if (isCodeNotLoaded(error)) return !navigator.onLine
  return false
}

/** The build: the hash in the name of the page's entry module (none in development). */
function buildVersion(): string | undefined {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')
  return /-([\w-]{6,64})\.js$/.exec(entry?.src ?? '')?.[1]
}

const cut = (text: string, max: number) => scrubbed(text).slice(0, max)

/** Sent as the page goes on or away; a report that does not arrive is lost, nothing retries. */
function send(report: ClientErrorReport) {
  const body = JSON.stringify(report)
  const blob = new Blob([body], { type: 'application/json' })
  if (
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(CLIENT_ERRORS_PATH, blob)
  ) {
    return
  }
  void fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined)
}

/** `RouterProvider`'s `onError`: a failed middleware, loader or action, or a render that threw. */
export const reportRouteError: ClientOnErrorFunction = (error, { pattern }) => {
  if (isExplained(error) || sent.size >= MOST_REPORTS) return
  const thrown = error instanceof Error ? error : null
  const report: ClientErrorReport = {
    name: cut(thrown?.name || 'Error', CLIENT_ERROR_LENGTHS.name),
    message: cut(thrown ? thrown.message : String(error), CLIENT_ERROR_LENGTHS.message),
    // A pattern the server would not take (none the router names) goes as "not found".
    pattern: ROUTE_PATTERNS.includes(pattern) ? pattern : '*',
  }
  const version = buildVersion()
  if (version) report.version = version
  const key = `${report.name}\n${report.message}\n${report.pattern}`
  if (sent.has(key)) return
  sent.add(key)
  send(report)
}

/**
 * The errors of the first navigation, which came before `RouterProvider` was there to hear
 * them (its `onError` hears later ones only).
 */
export function reportStartErrors(state: Pick<RouterState, 'errors' | 'matches' | 'location'>) {
  const pattern = patternOf(state.matches)
  for (const error of Object.values(state.errors ?? {})) {
    reportRouteError(error, {
      location: state.location,
      params: state.matches[0]?.params ?? {},
      pattern,
    })
  }
}

/** React Router's own way to a pattern: the paths of the matched routes, joined. */
function patternOf(matches: RouterState['matches']): string {
  const joined = matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join('/')
    .replace(/\/\/+/g, '/')
  return joined || '/'
}

/** For tests: a new page load. */
export function forgetReports() {
  sent.clear()
}
