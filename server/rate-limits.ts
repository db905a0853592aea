import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { sendApiFailure } from './api-failure.ts'
import type { ServerConfig } from './config.ts'

const MINUTE = 60_000

/** The endpoints that let someone guess passwords or flood mailboxes. */
const LIMITED_PATHS = {
  '/api/mdm/v2/user/login': 'login',
  '/api/mdm/v2/user/forgotpassword': 'forgotPassword',
} as const satisfies Record<string, keyof ServerConfig['rateLimits']>

/**
 * The path as a lenient server would route it: the real service may ignore case, a trailing
 * slash, doubled slashes or percent-encoding, so none of them may step around the limit.
 */
export function canonicalPath(url: string): string {
  const path = url.split(/[?#;]/, 1)[0] ?? ''
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // An undecodable path matches no limited endpoint; the router answers it.
  }
  return decoded
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
}

function isLimitedPath(path: string): path is keyof typeof LIMITED_PATHS {
  return Object.hasOwn(LIMITED_PATHS, path)
}

/**
 * Sign-in and forgot password, per client address and minute, in both modes: in front of the
 * embedded API and in front of a real service. The address is the socket's, or the one in
 * X-Forwarded-For when TRUST_PROXY says the portal sits behind a proxy.
 */
export async function rateLimits(app: FastifyInstance, limits: ServerConfig['rateLimits']) {
  await app.register(rateLimit, { global: false })
  const limiters = {
    login: limits.login > 0 ? app.createRateLimit({ max: limits.login, timeWindow: MINUTE }) : null,
    forgotPassword:
      limits.forgotPassword > 0
        ? app.createRateLimit({ max: limits.forgotPassword, timeWindow: MINUTE })
        : null,
  }
  app.addHook('onRequest', async (request, reply) => {
    const path = canonicalPath(request.url)
    if (!isLimitedPath(path)) return
    const limiter = limiters[LIMITED_PATHS[path]]
    if (!limiter) return
    const limit = await limiter(request)
    if (limit.isAllowed || !limit.isExceeded) return
    reply.header('retry-after', String(Math.max(1, limit.ttlInSeconds)))
    return sendApiFailure(request, reply, 'tooManyRequests')
  })
}
