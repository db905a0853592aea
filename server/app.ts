import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ServerConfig } from './config.ts'
import { referenceApi } from './mdm/plugin.ts'

/**
 * The portal server: the built SPA, its runtime settings, and the MDM v2 API on the same origin
 * (the embedded reference implementation by default).
 */
export async function buildServer(
  config: ServerConfig,
  options: { serveStatic?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel } })

  app.get('/healthz', async () => ({ status: 'ok' }))

  app.get('/portal-config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache')
    return {
      apiBaseUrl: '/api/mdm/v2',
      demo: config.mdmApiUrl === null,
      helpdesk: config.helpdesk,
    }
  })

  await app.register(referenceApi, {
    portalUrl: config.portalUrl,
    testMode: config.testMode,
    largeDemo: config.largeDemo,
    tokenLifetimeMs: config.tokenLifetimeMs,
    renewalWindowMs: config.renewalWindowMs,
    commandDelayMs: config.commandDelayMs,
  })

  if (options.serveStatic !== false) {
    const indexFile = join(config.distDir, 'index.html')
    if (!existsSync(indexFile)) {
      throw new Error(`The portal is not built (${indexFile} is missing): run npm run build.`)
    }
    await app.register(fastifyStatic, {
      root: config.distDir,
      index: false,
      wildcard: false,
      setHeaders(res, path) {
        res.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
    // Every other GET is a route of the single-page app.
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(404).send({ error: 'Not found' })
      }
      reply.header('Cache-Control', 'no-cache')
      return reply.sendFile('index.html')
    })
  }

  return app
}
