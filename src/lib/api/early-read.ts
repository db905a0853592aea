/**
 * The device's read that a device's page sends before the portal's code has come (index.html):
 * the answer's round trip overlaps the code's download instead of following it (docs/bench.md,
 * "A device's page in a new tab"). The portal's first request that is exactly the same (address,
 * body with its token, language) takes its answer rather than asking again.
 */
interface EarlyRead {
  url: string
  body: string
  language: string
  response: Promise<Response>
}

declare global {
  interface Window {
    portalEarlyRead?: EarlyRead
  }
}

/** The early read's answer when it is this very request; it is taken once. */
export function takeEarlyRead(
  url: string,
  body: string,
  language: string,
): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.portalEarlyRead
  if (!early || early.url !== url || early.body !== body || early.language !== language) {
    return null
  }
  delete window.portalEarlyRead
  return early.response
}
