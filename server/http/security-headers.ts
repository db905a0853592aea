import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { DEFAULT_MAP_TILE_URL, tileOrigin } from '../shared/map-tiles.ts'

/** What the policy lets the page reach beyond its own origin. */
interface CspOrigins {
  /** The tile server's origin, null when the map is off. */
  mapTileOrigin: string | null
  /**
   * Sign-in with Microsoft: the browser fetches the identity provider's discovery document and
   * tokens; the sign-in itself is a full-page redirect, never a frame or popup.
   */
  connectOrigins: readonly string[]
  /** The page's own inline scripts ('sha256-…'), see inlineHashes. */
  scriptHashes?: readonly string[]
  /** The page's own inline styles ('sha256-…'), see inlineHashes. */
  styleHashes?: readonly string[]
}

/**
 * The CSP source of each inline script or style of a page (`'sha256-<base64>'`): the build puts
 * the theme's few lines and the first styles
 * into the page, and the policy allows exactly those, no other.
 */
export function inlineHashes(html: string, element: 'script' | 'style'): string[] {
  const pattern = new RegExp(`<${element}>([\\s\\S]*?)</${element}>`, 'g')
  return [...html.matchAll(pattern)].map(([, code = '']) => cspHash(code))
}

/** The CSP source that allows exactly this inline script or style. */
export function cspHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code).digest('base64')}'`
}

/**
 * The portal loads nothing from other origins but the map's tiles and the identity provider's
 * endpoints, and runs no inline script or style but the page's own (by hash): the build emits files only, app icons and
 * downloads are blob: URLs, and the demo pages of the reference API are plain HTML. Nothing may
 * frame the portal.
 */
export function contentSecurityPolicy(options: { https: boolean } & Partial<CspOrigins>): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...(options.scriptHashes ?? [])].join(' '),
    ['style-src', "'self'", ...(options.styleHashes ?? [])].join(' '),
    ['img-src', "'self'", 'blob:', 'data:', options.mapTileOrigin].filter(Boolean).join(' '),
    ['connect-src', "'self'", ...(options.connectOrigins ?? [])].join(' '),
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

/** The policies with the default map (OpenStreetMap's tiles). */
const DEFAULT_TILE_ORIGIN = tileOrigin(DEFAULT_MAP_TILE_URL)
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy({
  https: false,
  mapTileOrigin: DEFAULT_TILE_ORIGIN,
})
export const CONTENT_SECURITY_POLICY_HTTPS = contentSecurityPolicy({
  https: true,
  mapTileOrigin: DEFAULT_TILE_ORIGIN,
})

/** Two years, the figure HSTS preload lists ask for. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains'

/** The portal uses none of the powerful browser features; an injected script gets none either. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'sync-xhr',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/** What helmet would set, minus its CSP and HSTS, which depend on the request here. */
export const STATIC_HEADERS: Readonly<Record<string, string>> = {
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-permitted-cross-domain-policies': 'none',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  // The old XSS auditors did more harm than good; 0 switches them off where they still exist.
  'x-xss-protection': '0',
}

/** The origins each server's policy names, for answers written outside its hooks. */
const originsByServer = new WeakMap<FastifyInstance, CspOrigins>()

/**
 * CSP and HSTS depend on whether the request came over HTTPS (`request.protocol` honours
 * X-Forwarded-Proto only when TRUST_PROXY says so): HSTS over plain HTTP is ignored by browsers
 * and would only mislead.
 */
export function securityHeadersFor(
  request: FastifyRequest,
  origins: CspOrigins = originsByServer.get(request.server) ?? {
    mapTileOrigin: DEFAULT_TILE_ORIGIN,
    connectOrigins: [],
  },
): Record<string, string> {
  const https = request.protocol === 'https'
  return {
    ...STATIC_HEADERS,
    'content-security-policy': contentSecurityPolicy({ https, ...origins }),
    ...(https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  }
}

/**
 * The same headers on every answer: pages, assets, the API, files, errors. One list applied in
 * one hook rather than @fastify/helmet, because the framework's own answers to malformed URLs
 * (Fastify's `frameworkErrors`) run before any hook and need the same list.
 */
export function securityHeaders(app: FastifyInstance, origins: CspOrigins) {
  // The framework's own answers (an address it cannot read) are drawn with the page's head too.
  originsByServer.set(app, origins)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request, origins))
    done()
  })
}
