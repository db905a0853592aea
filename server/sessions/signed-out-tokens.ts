import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { sendApiFailure } from '../http/api-failure.ts'
import { bodyField } from '../http/request-fields.ts'
import { ExpiringSet, type ExpiringSetOptions } from './expiring-set.ts'
import { keptHeaders, tokenRefusal } from './links/one-time-links.ts'
import { takesSession } from '../../contract/endpoints.ts'
import { rowOf } from '../http/endpoint-routes.ts'
import type { SharedStore } from './shared-store.ts'

/** The address the portal posts `{ token }` to when the user signs out. */
const SIGN_OUT_PATH = '/api/portal/sign-out'

const KEY_PREFIX = 'portal-signed-out:'

/**
 * What a token looks like: the service's tokens are opaque (api-facts: "Access tokens are opaque
 * strings"), and in practice base64, base64url, hex, a GUID or a JWT. Anything else (spaces,
 * markup, other scripts, a megabyte) is no token and is refused before it is kept.
 */
const TOKEN_SHAPE = /^[A-Za-z0-9._~+/=-]{8,4096}$/

/** Only a hash is kept, in memory or in the store: the list never holds a usable token. */
function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

type TokenEndListener = (token: string, request: FastifyRequest) => void

/**
 * The tokens users signed out with. The MDM v2 interface has no sign-out, so the portal ends
 * them itself: it refuses every later request that carries one, for `ttlMs` (at least the
 * service's token lifetime), and tells the embedded API to forget it. With a shared store the
 * list holds for every portal instance; a sign-out made while the store is away holds on this
 * instance at once and is written to the store as soon as it answers again.
 */
export class SignedOutTokens {
  private readonly local: ExpiringSet
  /** Sign-outs the store has not taken yet. */
  private readonly pending: ExpiringSet
  private readonly listeners = new Set<TokenEndListener>()

  constructor(
    private readonly store: SharedStore | null,
    private readonly ttlMs: number,
    options: ExpiringSetOptions = {},
  ) {
    this.local = new ExpiringSet(ttlMs, options)
    this.pending = new ExpiringSet(ttlMs, options)
    store?.onReturn(() => void this.flush())
  }

  /** Tokens this instance keeps, and those still to be written to the store. */
  get size(): { kept: number; pending: number } {
    return { kept: this.local.size, pending: this.pending.size }
  }

  onEnd(listener: TokenEndListener): void {
    this.listeners.add(listener)
  }

  async end(token: string, request: FastifyRequest): Promise<void> {
    const hash = hashOf(token)
    this.local.add(hash, Date.now())
    for (const listener of this.listeners) listener(token, request)
    if (!this.store) return
    const written = await this.write(hash, this.ttlMs)
    if (!written) this.pending.add(hash, Date.now())
  }

  async isEnded(token: string): Promise<boolean> {
    const hash = hashOf(token)
    if (this.local.has(hash, Date.now())) return true
    const found = await this.store?.attempt((redis) => redis.exists(KEY_PREFIX + hash))
    return (found?.value ?? 0) > 0
  }

  private async write(hash: string, ttlMs: number): Promise<boolean> {
    const done = await this.store?.attempt((redis) =>
      redis.set(KEY_PREFIX + hash, '1', 'PX', ttlMs),
    )
    return done !== null && done !== undefined
  }

  /** Writes the sign-outs made while the store was away, until it fails again. */
  private async flush(): Promise<void> {
    const now = Date.now()
    for (const hash of [...this.pending.keys()]) {
      const ttlMs = this.pending.remaining(hash, now)
      if (ttlMs > 0 && !(await this.write(hash, ttlMs))) return
      this.pending.delete(hash)
    }
  }
}

/**
 * `POST /api/portal/sign-out` with `{ "token": "…" }` ends that token, once the service has said
 * it knows it (the cheapest call with a token, as for a one-time link); every API request that
 * carries a signed-out token (in the body, or in `?json=` of the file endpoints) gets 401 in
 * the envelope, as an unknown token would.
 */
export async function signOutRoutes(app: FastifyInstance, tokens: SignedOutTokens) {
  app.addHook('preHandler', async (request, reply) => {
    const row = rowOf(request)
    if (row === null || !takesSession(row)) return
    const token = bodyField(request, 'token')
    if (token && (await tokens.isEnded(token))) {
      return sendApiFailure(request, reply, 'signedOut')
    }
  })

  await app.register(async (scope) => {
    scope.setErrorHandler((_error, request, reply) => sendApiFailure(request, reply, 'badRequest'))
    const route = { bodyLimit: 8 * 1024, config: { limit: 'sign-out' as const } }
    scope.post(SIGN_OUT_PATH, route, async (request, reply) => {
      const { body } = request
      const token =
        typeof body === 'object' && body !== null && 'token' in body ? body.token : undefined
      if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) {
        return sendApiFailure(request, reply, 'badRequest')
      }
      // Only a token the service knows is kept (as one-time links are): made-up ones, however
      // many, never enter the list, and what is in it stays until it expires.
      const refusal = await tokenRefusal(app, token, keptHeaders(request))
      if (refusal === 'serviceTimeout' || refusal === 'serviceUnavailable') {
        return sendApiFailure(request, reply, refusal)
      }
      // A token the service refuses is signed out already.
      if (!refusal) await tokens.end(token, request)
      reply.header('cache-control', 'no-store')
      return { success: true, errorcode: null, errormessage: null, tokenstatus: null }
    })
  })
}
