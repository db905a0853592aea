import type { FastifyInstance } from 'fastify'
import type { Socket } from 'node:net'

/**
 * How long a client may take: `requestTimeout` for the whole request (headers and body: a
 * client that announces 100 bytes and sends one is cut off with 408), `headersTimeout` for the
 * headers alone, and `connectionTimeout` for a connection on which nothing moves at all.
 * Node checks the first two every `connectionsCheckingInterval`, so that follows the limit.
 */
export function connectionOptions(config: { requestTimeoutMs: number; proxyTimeoutMs: number }) {
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

/**
 * Beyond `max` open connections, Node closes new ones at once instead of holding them; beyond
 * `perAddress` from one client address, so do we, so that one client holding silent sockets
 * cannot take all of them (0: no cap per address, as behind a proxy, where all come from it).
 */
export function capConnections(app: FastifyInstance, max: number, perAddress = 0) {
  app.server.maxConnections = max
  if (perAddress === 0) return
  const open = new Map<string, number>()
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? ''
    const count = (open.get(address) ?? 0) + 1
    if (count > perAddress) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}
