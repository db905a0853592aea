import { EARLY_ANSWERS } from '../../../contract/screens'

/**
 * A request the page's start script sent before the portal's code had arrived: the screen's first
 * API requests, listed by the server in the page (contract/screens.ts `firstRequests`,
 * build/first-paint.ts). The body is the JSON sent, token included.
 */
interface EarlyRequest {
  url: string
  body: string
  language: string
  /** When it was sent (`performance.now()`). */
  at: number
  answer: Promise<Response>
}

/**
 * How long an early answer stands in for a request of the portal's: the portal's start, on a slow
 * connection too. Anything later (a page polled, opened again) asks the service afresh.
 */
export const EARLY_ANSWER_MS = 20_000

function isEarlyRequest(value: unknown): value is EarlyRequest {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry.url === 'string' &&
    typeof entry.body === 'string' &&
    typeof entry.language === 'string' &&
    typeof entry.at === 'number' &&
    entry.answer instanceof Promise
  )
}

/**
 * The answer to a request the start script already sent, if it was exactly this one (address,
 * body with the token, language) and recent: taken once, so a request made again is sent again.
 * Null when there is none, and the portal sends its own.
 */
export function takeEarlyAnswer(
  url: string,
  body: string,
  language: string,
): Promise<Response> | null {
  const list: unknown = (window as unknown as Record<string, unknown>)[EARLY_ANSWERS]
  if (!Array.isArray(list)) return null
  const index = list.findIndex(
    (entry) =>
      isEarlyRequest(entry) &&
      entry.url === url &&
      entry.body === body &&
      entry.language === language,
  )
  if (index < 0) return null
  const [entry] = list.splice(index, 1) as [EarlyRequest]
  return performance.now() - entry.at <= EARLY_ANSWER_MS ? entry.answer : null
}
