import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { sendApiFailure } from './api-failure.ts'
import type { ServerConfig } from './config.ts'
import { bodyField } from './request-fields.ts'

const MINUTE = 60_000

type Limits = ServerConfig['rateLimits']

/** The endpoints that let someone guess passwords or flood mailboxes, and the account field. */
const LIMITED_PATHS = {
  '/api/mdm/v2/user/login': {
    name: 'login',
    field: 'username',
    perAccount: 'login',
    perAddress: 'loginPerAddress',
  },
  '/api/mdm/v2/user/forgotpassword': {
    name: 'forgot',
    field: 'emailaddress',
    perAccount: 'forgotPassword',
    perAddress: 'forgotPasswordPerAddress',
  },
} as const satisfies Record<
  string,
  { name: string; field: string; perAccount: keyof Limits; perAddress: keyof Limits }
>

type LimitedPath = keyof typeof LIMITED_PATHS

/**
 * The path as a lenient server would route it: the real service may ignore case, a trailing
 * slash, doubled slashes or percent-encoding, so none of them may step around the limit.
 * (Dot segments never get this far: request-paths.ts refuses them.)
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

function limitedPathOf(request: FastifyRequest): LimitedPath | null {
  const path = canonicalPath(request.url)
  return Object.hasOwn(LIMITED_PATHS, path) ? (path as LimitedPath) : null
}

/** The account name as the service would match it; hashed, so no store holds addresses. */
function accountKey(value: string | undefined): string {
  const name = (value ?? '').trim().toLowerCase()
  return createHash('sha256').update(name).digest('base64url').slice(0, 22)
}

type Limiter = (request: FastifyRequest) => Promise<{ ttlInSeconds: number } | null>

/**
 * A limit counted on this instance and, with a shared store, across all instances. The local
 * count never exceeds the shared one, so it refuses nothing the shared one would allow; it
 * keeps the limit when the store is down (`skipOnError` lets the shared one pass then).
 */
async function limiterFactory(app: FastifyInstance, redis: Redis | null) {
  const scopes: FastifyInstance[] = []
  for (const store of redis ? [null, redis] : [null]) {
    await app.register(async (scope) => {
      await scope.register(rateLimit, {
        global: false,
        skipOnError: true,
        ...(store ? { redis: store, nameSpace: 'portal-rate-limit:' } : {}),
      })
      scopes.push(scope)
    })
  }
  return (max: number, key: (request: FastifyRequest) => string): Limiter | null => {
    if (max === 0) return null
    const checks = scopes.map((scope) =>
      scope.createRateLimit({ max, timeWindow: MINUTE, keyGenerator: key }),
    )
    return async (request) => {
      for (const check of checks) {
        const limit = await check(request)
        if (!limit.isAllowed && limit.isExceeded) return { ttlInSeconds: limit.ttlInSeconds }
      }
      return null
    }
  }
}

/**
 * Sign-in and forgot password, in both modes: in front of the embedded API and in front of a
 * real service. Per client address and account name (so one office behind one address is not
 * locked out by a colleague), and per address alone with a much higher ceiling. The address is
 * the socket's, or the one in X-Forwarded-For when TRUST_PROXY says the portal sits behind a
 * proxy. The per-address ceiling is counted as the request arrives; the per-account limit once
 * the body is read.
 */
export async function rateLimits(app: FastifyInstance, limits: Limits, redis: Redis | null) {
  const limiter = await limiterFactory(app, redis)
  const perAddress = new Map<LimitedPath, Limiter | null>()
  const perAccount = new Map<LimitedPath, Limiter | null>()
  for (const [path, spec] of Object.entries(LIMITED_PATHS) as [
    LimitedPath,
    (typeof LIMITED_PATHS)[LimitedPath],
  ][]) {
    perAddress.set(
      path,
      limiter(limits[spec.perAddress], (request) => `${spec.name}:address:${request.ip}`),
    )
    perAccount.set(
      path,
      limiter(
        limits[spec.perAccount],
        (request) =>
          `${spec.name}:account:${request.ip}:${accountKey(bodyField(request, spec.field))}`,
      ),
    )
  }

  const check =
    (limits: Map<LimitedPath, Limiter | null>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const path = limitedPathOf(request)
      const limit = path && limits.get(path)
      if (!limit) return
      const refused = await limit(request)
      if (!refused) return
      reply.header('retry-after', String(Math.max(1, refused.ttlInSeconds)))
      return sendApiFailure(request, reply, 'tooManyRequests')
    }
  app.addHook('onRequest', check(perAddress))
  app.addHook('preHandler', check(perAccount))
}
