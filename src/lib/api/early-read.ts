/** The device's read index.html sends early (docs/bench.md); the portal's same request takes it. */
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
