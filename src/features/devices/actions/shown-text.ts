/**
 * Characters that show nothing or turn the text around: control characters (a line break aside,
 * which a lock screen shows), zero-width spaces and the direction overrides and isolates. Pasted
 * with a text, they would reach the lock screen and the history unseen, and an override reverses
 * what follows it. Joiners stay (emoji, scripts).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE = /[\0-\x09\x0B-\x1F\x7F-\x9F\u200B\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/gu

/** What the device will show of a typed text: without invisible characters, trimmed. */
export function shownText(value: string): string {
  return value.replace(/\t/g, ' ').replace(INVISIBLE, '').trim()
}
