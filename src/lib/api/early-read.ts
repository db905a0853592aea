/**
 * The device's read that a device's page sends before the portal's code has come (index.html,
 * docs/bench.md): the portal's first request that is exactly the same takes its answer.
 */
declare global {
  interface Window {
    portalEarlyRead?: { url: string; body: string; language: string; response: Promise<Response> }
  }
}

/** The early read's answer when it is this very request (address, body, language); taken once. */
export function takeEarlyRead(url: string, body: string, language: string) {
  const early = typeof window === 'undefined' ? undefined : window.portalEarlyRead
  if (early?.url !== url || early.body !== body || early.language !== language) return null
  delete window.portalEarlyRead
  return early.response
}
