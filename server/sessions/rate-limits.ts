import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { sendApiFailure, type PortalFailure } from '../http/api-failure.ts'
import { ENDPOINTS } from '../../contract/endpoints.ts'
import { bodyField } from '../http/request-fields.ts'
import type { SharedStore } from './shared-store.ts'

const MINUTE = 60_000

/**
 * Requests per minute: per client address and account name, and per address alone (the
 * ceiling for a whole network behind one address); 0 switches a limit off.
 */
export interface RateLimits {
  login: number
  forgotPassword: number
  loginPerAddress: number
  forgotPasswordPerAddress: number
}

/**
 * Requests per minute and client address to the portal's own sign-out, one-time links and
 * reports of errors in the browser.
 */
export interface EndpointRateLimits {
  signOut: number
  links: number
  /** Reports of errors in the browser (server/http/browser-errors.ts). */
  clientErrors: number
}

type Limits = RateLimits & EndpointRateLimits

interface Ceiling {
  limit: keyof Limits
  failure: PortalFailure
}

/**
 * The ceilings of the endpoints that let someone guess passwords, flood mailboxes or fill the
 * portal's own lists, by the name the route declares (its row's `limit`, or the portal route's
 * own): each has a ceiling per client address, and the first two one per address and account.
 */
const LIMITED_PATHS = {
  login: {
    name: 'login',
    account: (request: FastifyRequest) => signInAccount(request),
    perAccount: { limit: 'login', failure: 'tooManySignInsForAccount' },
    perAddress: { limit: 'loginPerAddress', failure: 'tooManySignInsFromNetwork' },
  },
  forgot: {
    name: 'forgot',
    account: (request: FastifyRequest) => bodyField(request, 'emailaddress'),
    perAccount: { limit: 'forgotPassword', failure: 'tooManyResetsForAccount' },
    perAddress: { limit: 'forgotPasswordPerAddress', failure: 'tooManyResetsFromNetwork' },
  },
  // A help desk's links to set a password: as many per user as someone may ask for alone.
  passwordLink: {
    name: 'password-link',
    account: (request: FastifyRequest) => bodyField(request, 'sid'),
    perAccount: { limit: 'forgotPassword', failure: 'tooManyResetsForAccount' },
    perAddress: { limit: 'forgotPasswordPerAddress', failure: 'tooManyResetsFromNetwork' },
  },
  'sign-out': {
    name: 'sign-out',
    perAddress: { limit: 'signOut', failure: 'tooManyRequests' },
  },
  links: {
    name: 'links',
    perAddress: { limit: 'links', failure: 'tooManyRequests' },
  },
  clientErrors: {
    name: 'client-errors',
    perAddress: { limit: 'clientErrors', failure: 'tooManyRequests' },
  },
} as const satisfies Record<
  string,
  {
    name: string
    account?: (request: FastifyRequest) => string | undefined
    perAccount?: Ceiling
    perAddress: Ceiling
  }
>

type LimitedPath = keyof typeof LIMITED_PATHS

/**
 * The account a sign-in is for: the user name, or for a Microsoft sign-in (which has none) the
 * `preferred_username` of its identity token. The token is only read here, never trusted: a
 * forged one merely counts against the name it claims, from the sender's own address.
 */
function signInAccount(request: FastifyRequest): string | undefined {
  if (bodyField(request, 'type')?.toLowerCase() !== 'microsoft') {
    return bodyField(request, 'username')
  }
  const payload = bodyField(request, 'token')?.split('.')[1]
  if (!payload || payload.length > 16_000) return undefined
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    if (typeof claims !== 'object' || claims === null || !('preferred_username' in claims)) {
      return undefined
    }
    const name = claims.preferred_username
    return typeof name === 'string' ? name : undefined
  } catch {
    return undefined
  }
}

/** The ceiling the request's route declares: read from the route, never from the address. */
function limitedPathOf(request: FastifyRequest): LimitedPath | null {
  const { endpoint, rule, limit } = request.routeOptions.config ?? {}
  return (endpoint ? ENDPOINTS[endpoint].limit : rule ? rule.limit : limit) ?? null
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
 * keeps the limit when the store is away, which the shared count then skips without waiting.
 */
async function limiterFactory(app: FastifyInstance, store: SharedStore | null) {
  const scopes: { scope: FastifyInstance; shared: boolean }[] = []
  for (const redis of store ? [null, store.redis] : [null]) {
    await app.register(async (scope) => {
      await scope.register(rateLimit, {
        global: false,
        skipOnError: true,
        ...(redis ? { redis, nameSpace: 'portal-rate-limit:' } : {}),
      })
      scopes.push({ scope, shared: redis !== null })
    })
  }
  return (max: number, key: (request: FastifyRequest) => string): Limiter | null => {
    if (max === 0) return null
    const checks = scopes.map(({ scope, shared }) => {
      const check = scope.createRateLimit({ max, timeWindow: MINUTE, keyGenerator: key })
      if (!shared || !store) return check
      return async (request: FastifyRequest) => {
        const outcome = await store.attempt(() => check(request))
        return outcome?.value ?? null
      }
    })
    return async (request) => {
      for (const check of checks) {
        const limit = await check(request)
        if (limit && !limit.isAllowed && limit.isExceeded) {
          return { ttlInSeconds: limit.ttlInSeconds }
        }
      }
      return null
    }
  }
}

type Check = { limiter: Limiter; failure: PortalFailure; name: string }

/**
 * Sign-in and forgot password, in both modes: in front of the embedded API and in front of a
 * real service. Per client address and account name (so one office behind one address is not
 * locked out by a colleague), and per address alone with a much higher ceiling; the portal's
 * own sign-out and one-time links per address. The address is the socket's, or the one in
 * X-Forwarded-For from the proxies TRUST_PROXY names. The per-address ceiling is counted as
 * the request arrives; the per-account limit once the body is read.
 */
export async function rateLimits(
  app: FastifyInstance,
  limits: Limits,
  store: SharedStore | null,
  onRefused: (limit: string) => void = () => undefined,
) {
  const limiter = await limiterFactory(app, store)
  const perAddress = new Map<LimitedPath, Check>()
  const perAccount = new Map<LimitedPath, Check>()
  for (const [path, spec] of Object.entries(LIMITED_PATHS) as [
    LimitedPath,
    (typeof LIMITED_PATHS)[LimitedPath],
  ][]) {
    const address = limiter(limits[spec.perAddress.limit], (request) => {
      return `${spec.name}:address:${request.ip}`
    })
    if (address) {
      const name = `${spec.name}:address`
      perAddress.set(path, { limiter: address, failure: spec.perAddress.failure, name })
    }
    if (!('perAccount' in spec)) continue
    const account = limiter(
      limits[spec.perAccount.limit],
      (request) => `${spec.name}:account:${request.ip}:${accountKey(spec.account(request))}`,
    )
    if (account) {
      const name = `${spec.name}:account`
      perAccount.set(path, { limiter: account, failure: spec.perAccount.failure, name })
    }
  }

  const check =
    (checks: Map<LimitedPath, Check>) => async (request: FastifyRequest, reply: FastifyReply) => {
      const path = limitedPathOf(request)
      const limit = path && checks.get(path)
      if (!limit) return
      const refused = await limit.limiter(request)
      if (!refused) return
      onRefused(limit.name)
      reply.header('retry-after', String(Math.max(1, refused.ttlInSeconds)))
      return sendApiFailure(request, reply, limit.failure)
    }
  app.addHook('onRequest', check(perAddress))
  // The per-account step, once the body is read, the session and the role checked: app.ts
  // adds it in its place in the order of the steps.
  return { perAccount: check(perAccount) }
}
