import compress from '@fastify/compress'
import Fastify, { type FastifyInstance } from 'fastify'
import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { createServer, type ServerOptions } from 'node:https'
import type { ServerConfig } from './config.ts'
import { tileOrigin } from './map-tiles.ts'
import { loggerOptions, RequestLog, type LogStream } from './logging.ts'
import { API_PREFIX, mdmProxy } from './proxy.ts'
import { rateLimits } from './rate-limits.ts'
import { securityHeaders, securityHeadersFor } from './security-headers.ts'
import { endConnectionsWhenClosing } from './shutdown.ts'
import { portalFiles } from './static-files.ts'

/** The demo service's own pages; in front of a real service the portal has none of them. */
const DEMO_PATHS = ['/outbox', '/outbox.json'] as const

export interface BuildOptions {
  /** `npm run dev` serves the files through Vite instead. */
  serveStatic?: boolean
  /** Where the JSON log lines go (tests collect them); standard output by default. */
  logStream?: LogStream
}

/** HTTPS straight from Node, for a portal without a TLS-terminating proxy in front. */
function httpsServerFactory(files: NonNullable<ServerConfig['tls']>) {
  return httpsServer({ cert: readFileSync(files.certFile), key: readFileSync(files.keyFile) })
}

/** Fastify's server factory for an HTTPS server with this certificate. */
export function httpsServer(options: ServerOptions) {
  return (handler: Parameters<typeof createServer>[1]): Server => createServer(options, handler)
}

/**
 * The portal server: the built SPA, its runtime settings, and the MDM v2 API on the same origin,
 * either the embedded reference implementation or a proxy to the real service.
 */
export async function buildServer(
  config: ServerConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const mapTileOrigin = config.mapTiles && tileOrigin(config.mapTiles.url)
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    ...(config.tls ? { serverFactory: httpsServerFactory(config.tls) } : {}),
    // A URL the router cannot even decode gets a plain 400, with the same headers as the rest.
    frameworkErrors(_error, request, reply) {
      reply.raw.writeHead(400, {
        ...securityHeadersFor(request, mapTileOrigin),
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
      })
      reply.raw.end(JSON.stringify({ error: 'Bad request' }))
    },
  })
  securityHeaders(app, mapTileOrigin)
  endConnectionsWhenClosing(app)
  await rateLimits(app, config.rateLimits)
  // The portal never receives compressed bodies; a proxied one must pass untouched.
  await app.register(compress, { globalDecompression: false })

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  app.get('/portal-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache')
    return {
      apiBaseUrl: API_PREFIX,
      demo: config.mdmApiUrl === null,
      helpdesk: config.helpdesk,
      map: config.mapTiles,
    }
  })

  if (config.mdmApiUrl) {
    await mdmProxy(app, { url: config.mdmApiUrl, timeoutMs: config.proxyTimeoutMs })
  } else {
    // Loaded only when used: in front of a real service the demo's code is not even read.
    const { referenceApi } = await import('./mdm/plugin.ts')
    await app.register(referenceApi, {
      portalUrl: config.portalUrl,
      testMode: config.testMode,
      largeDemo: config.largeDemo,
      microsoftIdp: config.microsoftIdp,
      tokenLifetimeMs: config.tokenLifetimeMs,
      renewalWindowMs: config.renewalWindowMs,
      commandDelayMs: config.commandDelayMs,
    })
  }

  if (options.serveStatic !== false) {
    await portalFiles(app, {
      distDir: config.distDir,
      reservedPaths: config.mdmApiUrl ? DEMO_PATHS : [],
    })
  }
  return app
}
