import compress from '@fastify/compress'
import Fastify, { type FastifyInstance } from 'fastify'
import { readFileSync } from 'node:fs'
import type { RequestListener, Server } from 'node:http'
import {
  createSecureServer,
  type Http2SecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
  type SecureServerOptions,
} from 'node:http2'
import type { ServerConfig } from './config.ts'
import { brandingFiles } from './pages/branding-files.ts'
import {
  answerClientError,
  limitHttp2Requests,
  trackRequestsForClientErrors,
} from './http/client-errors.ts'
import { tileOrigin } from './shared/map-tiles.ts'
import { logAbandonedRequests, loggerOptions, RequestLog, type LogStream } from './http/logging.ts'
import { metrics } from './http/metrics.ts'
import { oneTimeLinks } from './sessions/links/one-time-links.ts'
import { API_PREFIX, mdmProxy } from './proxy/proxy.ts'
import { rateLimits } from './sessions/rate-limits.ts'
import { redisLinkStore } from './sessions/links/redis-links.ts'
import { refuseAmbiguousFields } from './http/request-fields.ts'
import { badUrlAnswer, refuseAmbiguousPaths, requestTarget } from './http/request-paths.ts'
import { securityHeaders } from './http/security-headers.ts'
import { capConnections, connectionOptions } from './http/server-limits.ts'
import { sharedStore } from './sessions/shared-store.ts'
import { endConnectionsWhenClosing } from './http/shutdown.ts'
import { SignedOutTokens, signOutRoutes } from './sessions/signed-out-tokens.ts'
import { browserErrorRoutes } from './http/browser-errors.ts'
import { pageInlineHashes, portalFiles } from './pages/static-files.ts'
import { portalRecords } from './sessions/records/plugin.ts'
import type { Records } from './sessions/records/records.ts'
import { sharedLinkStore } from './sessions/links/shared-links.ts'
import { enforceRoles, refuseApiKeysFromBrowsers } from './roles/role-guard.ts'
import { tagEndpointRoutes } from './http/endpoint-routes.ts'
import { sessionOfRequest } from './sessions/records/api-hooks.ts'
import { answerErrorsInEnvelope } from './http/api-failure.ts'
import { helpdeskRoleRoute } from './sessions/records/role-route.ts'
import { passwordLinkRoute } from './sessions/records/password-link-route.ts'

/** The demo service's own pages; in front of a real service the portal has none of them. */
const DEMO_PATHS = ['/outbox', '/outbox.css', '/outbox.json'] as const

interface BuildOptions {
  /** `npm run dev` serves the files through Vite instead. */
  serveStatic?: boolean
  /** Where the JSON log lines go (tests collect them); standard output by default. */
  logStream?: LogStream
}

/**
 * HTTPS straight from Node, for a portal without a TLS-terminating proxy in front: HTTP/2, so that
 * a browser fetches a page's files side by side on one connection rather than six at a time, and
 * HTTP/1.1 on the same port for clients that do not speak it.
 */
function httpsServerFactory(config: ServerConfig, files: NonNullable<ServerConfig['tls']>) {
  const options = connectionOptions(config)
  const factory = httpsServer({
    cert: readFileSync(files.certFile),
    key: readFileSync(files.keyFile),
  })
  return (handler: Parameters<typeof factory>[0]) => {
    const server = factory(handler)
    // HTTP/1.1's limits, as on a plain server; an HTTP/2 connection on which nothing moves ends.
    Object.assign(server, options.http, { requestTimeout: options.requestTimeout })
    server.setTimeout(options.connectionTimeout)
    server.on('session', (session: Http2Session) => {
      session.setTimeout(options.connectionTimeout, () => session.close())
    })
    limitHttp2Requests(server as unknown as Http2SecureServer, options.requestTimeout)
    return server
  }
}

/**
 * Fastify's server factory for an HTTPS server with this certificate, HTTP/2 and HTTP/1.1. Its
 * handler takes both kinds of request (Node's HTTP/2 compatibility API), though typed for one.
 */
export function httpsServer(options: SecureServerOptions) {
  return (handler: RequestListener): Server =>
    createSecureServer(
      { ...options, allowHTTP1: true },
      handler as unknown as (request: Http2ServerRequest, response: Http2ServerResponse) => void,
    ) as unknown as Server
}

const MINUTE = 60_000

/**
 * How long access tokens live, for the portal's warning before a session ends: the demo API's
 * own figures, or in front of a real service (which does not publish them) what the operator
 * set; without them the portal relies on the service's ExpiresSoon alone.
 */
function tokenTimes(config: ServerConfig) {
  const embedded = config.mdmApiUrl === null
  const lifetimeMs = config.tokenLifetimeMs ?? (embedded ? 60 * MINUTE : undefined)
  const renewalWindowMs = config.renewalWindowMs ?? (embedded ? 10 * MINUTE : undefined)
  return lifetimeMs && renewalWindowMs ? { lifetimeMs, renewalWindowMs } : null
}

/**
 * The portal server: the built SPA, its runtime settings, and the MDM v2 API on the same origin,
 * either the embedded reference implementation or a proxy to the real service.
 */
export async function buildServer(
  config: ServerConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const origins = {
    mapTileOrigin: config.mapTiles && tileOrigin(config.mapTiles.url),
    // Sign-in with Microsoft fetches the provider's discovery document and tokens from the browser.
    connectOrigins: config.microsoft ? [new URL(config.microsoft.authority).origin] : [],
    // The built page's inline script (the theme) and style (the first styles), no others.
    ...(options.serveStatic === false ? {} : pageInlineHashes(config.distDir)),
  }
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    ...connectionOptions(config),
    ...(config.tls ? { serverFactory: httpsServerFactory(config, config.tls) } : {}),
    // A URL the router cannot even decode gets a 400, with the same headers as the rest.
    frameworkErrors: badUrlAnswer,
    // Read once, before routing: every later step sees the same path.
    rewriteUrl: requestTarget,
    // Node's own 400, 408 and 431 carry the same headers: under /api the envelope, else a page.
    clientErrorHandler: answerClientError,
  })
  trackRequestsForClientErrors(app)
  answerErrorsInEnvelope(app)
  // Every route to the service carries its row of contract/endpoints.ts: the hooks read it.
  tagEndpointRoutes(app)
  // First, so that every route after it is counted.
  const counted = await metrics(app, config)
  capConnections(app, config.maxConnections, config.maxConnectionsPerAddress)
  securityHeaders(app, origins)
  refuseAmbiguousPaths(app)
  // The steps of a request to the service, in this order: its fields read once (and refused
  // when the service could read them otherwise) → the session (signed out, ended) → the role
  // → the limit → the service → the record.
  refuseAmbiguousFields(app)
  endConnectionsWhenClosing(app)
  logAbandonedRequests(app)
  const redis = sharedStore(app, config.redisUrl, config.redisDeadlineMs)
  const limits = await rateLimits(
    app,
    { ...config.rateLimits, ...config.endpointRateLimits },
    redis,
    counted?.rateLimited,
  )
  const signedOut = new SignedOutTokens(redis, config.signedOutTokenTtlMs, { log: app.log })
  await signOutRoutes(app, signedOut)
  await browserErrorRoutes(app)
  refuseApiKeysFromBrowsers(app)
  const nextSteps = (found: Records | null) => {
    enforceRoles(app, config.helpdeskRoles, {
      of: found ? sessionOfRequest : () => null,
      lookup: async (token) => (found ? found.sessions.lookup(token) : null),
    })
    app.addHook('preHandler', limits.perAccount)
  }
  const records = await portalRecords(app, config, signedOut, nextSteps)
  if (!records) nextSteps(null)
  if (records) counted?.watchRecords(() => records.store.queue.counts())
  helpdeskRoleRoute(app, records, config.helpdeskRoles)
  // The help desk's change needs its record, and the session the records know, to be sent.
  if (records) passwordLinkRoute(app)
  // The portal never receives compressed bodies; a proxied one must pass untouched.
  await app.register(compress, { globalDecompression: false })

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    if (!records) return { status: 'ok', records: 'off' }
    // Reachable is not enough: a store that answers but takes no write (a full disk) fails too.
    const reachable = await records.store.reachable()
    const { failing, queued } = records.store.queue.counts()
    return {
      status: reachable && !failing ? 'ok' : 'degraded',
      records: reachable ? 'reachable' : 'unreachable',
      recordWrites: failing ? 'failing' : 'ok',
      recordsQueued: queued,
    }
  })

  const { branding } = config
  const settings = {
    apiBaseUrl: API_PREFIX,
    demo: config.mdmApiUrl === null,
    helpdesk: { ...config.helpdesk, hours: branding.helpdeskHours },
    branding: {
      name: branding.name,
      logo: branding.logo && { url: branding.logo.path, size: branding.logo.size },
      privacyUrl: branding.privacyUrl,
      termsUrl: branding.termsUrl,
      signInNotice: branding.signInNotice,
    },
    tokenTimes: tokenTimes(config),
    microsoft: config.microsoft,
    passwordSignIn: config.passwordSignIn,
    map: config.mapTiles,
    records: config.records,
  }
  app.get('/portal-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache')
    return settings
  })

  if (config.mdmApiUrl) {
    await mdmProxy(app, {
      url: config.mdmApiUrl,
      timeoutMs: config.proxyTimeoutMs,
      onAnswer: counted?.serviceAnswered,
    })
  } else {
    // Loaded only when used: in front of a real service the demo's code is not even read.
    const { referenceApi } = await import('./mdm/plugin.ts')
    await app.register(referenceApi, {
      portalUrl: config.portalUrl,
      testMode: config.testMode,
      largeDemo: config.largeDemo,
      pageSize: config.pageSize,
      microsoftIdp: config.microsoftIdp,
      identityProvider: config.identityProvider,
      tokenLifetimeMs: config.tokenLifetimeMs,
      renewalWindowMs: config.renewalWindowMs,
      sessionLifetimeMs: config.sessionLifetimeMs,
      commandDelayMs: config.commandDelayMs,
      onTokenEnd: (forget) => signedOut.onEnd(forget),
    })
  }

  // Several instances share a Redis or their records' PostgreSQL: the one-time links live there.
  oneTimeLinks(
    app,
    redis
      ? redisLinkStore(redis, app.log)
      : records && config.databaseUrl
        ? sharedLinkStore(records.store, app.log)
        : undefined,
  )

  const { dress } = brandingFiles(app, branding, config.distDir)
  if (options.serveStatic !== false) {
    await portalFiles(app, {
      settings,
      dress,
      brand: { name: branding.name, logo: branding.logo },
      distDir: config.distDir,
      reservedPaths: config.mdmApiUrl ? DEMO_PATHS : [],
      serveSourceMaps: config.serveSourceMaps,
    })
  }
  return app
}
