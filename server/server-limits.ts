import type { FastifyInstance } from 'fastify'
import type { ServerConfig } from './config.ts'

/**
 * How long a client may take: `requestTimeout` for the whole request (headers and body: a
 * client that announces 100 bytes and sends one is cut off with 408), `headersTimeout` for the
 * headers alone, and `connectionTimeout` for a connection on which nothing moves at all.
 * Node checks the first two every `connectionsCheckingInterval`, so that follows the limit.
 */
export function connectionOptions(config: ServerConfig) {
  const requestTimeout = config.requestTimeoutMs
  return {
    requestTimeout,
    connectionTimeout: Math.max(requestTimeout, config.proxyTimeoutMs) + 60_000,
    http: {
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: Math.max(50, Math.min(requestTimeout / 2, 30_000)),
    },
  }
}

/** Beyond this many open connections, Node closes new ones at once instead of holding them. */
export function capConnections(app: FastifyInstance, max: number) {
  app.server.maxConnections = max
}
