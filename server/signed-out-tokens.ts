import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { sendApiFailure } from './api-failure.ts'
import { bodyField } from './request-fields.ts'
import { isMdmApiRequest } from './request-paths.ts'

/** The address the portal posts `{ token }` to when the user signs out. */
export const SIGN_OUT_PATH = '/api/portal/sign-out'

const KEY_PREFIX = 'portal-signed-out:'

/** Only a hash is kept, in memory or in the store: the list never holds a usable token. */
function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export type TokenEndListener = (token: string, request: FastifyRequest) => void

/**
 * The tokens users signed out with. The MDM v2 interface has no sign-out, so the portal ends
 * them itself: it refuses every later request that carries one, for `ttlMs` (at least the
 * service's token lifetime), and tells the embedded API to forget it. With a shared store the
 * list holds for every portal instance; without one, or while it is down, for this one.
 */
export class SignedOutTokens {
  private readonly local = new Map<string, number>()
  private readonly listeners = new Set<TokenEndListener>()

  constructor(
    private readonly redis: Redis | null,
    private readonly ttlMs: number,
  ) {}

  onEnd(listener: TokenEndListener): void {
    this.listeners.add(listener)
  }

  async end(token: string, request: FastifyRequest): Promise<void> {
    const hash = hashOf(token)
    const now = Date.now()
    for (const [old, until] of this.local) if (until <= now) this.local.delete(old)
    this.local.set(hash, now + this.ttlMs)
    for (const listener of this.listeners) listener(token, request)
    await this.redis?.set(KEY_PREFIX + hash, '1', 'PX', this.ttlMs).catch(() => undefined)
  }

  async isEnded(token: string): Promise<boolean> {
    const hash = hashOf(token)
    const until = this.local.get(hash)
    if (until !== undefined && until > Date.now()) return true
    if (!this.redis) return false
    const found = await this.redis.exists(KEY_PREFIX + hash).catch(() => 0)
    return found > 0
  }
}

/**
 * `POST /api/portal/sign-out` with `{ "token": "…" }` ends that token; every API request that
 * carries a signed-out token (in the body, or in `?json=` of the file endpoints) gets 401 in
 * the envelope, as an unknown token would.
 */
export async function signOutRoutes(app: FastifyInstance, tokens: SignedOutTokens) {
  app.addHook('preHandler', async (request, reply) => {
    if (!isMdmApiRequest(request)) return
    const token = bodyField(request, 'token')
    if (token && (await tokens.isEnded(token))) {
      return sendApiFailure(request, reply, 'signedOut')
    }
  })

  await app.register(async (scope) => {
    scope.setErrorHandler((_error, request, reply) => sendApiFailure(request, reply, 'badRequest'))
    scope.post(SIGN_OUT_PATH, { bodyLimit: 8 * 1024 }, async (request, reply) => {
      const { body } = request
      const token =
        typeof body === 'object' && body !== null && 'token' in body ? body.token : undefined
      if (typeof token !== 'string' || token === '' || token.length > 4000) {
        return sendApiFailure(request, reply, 'badRequest')
      }
      await tokens.end(token, request)
      reply.header('cache-control', 'no-store')
      return { success: true, errorcode: null, errormessage: null, tokenstatus: null }
    })
  })
}
