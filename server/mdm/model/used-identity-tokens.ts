import { createHash } from 'node:crypto'
import type { JWTPayload } from 'jose'

/**
 * Identity tokens already traded for an access token: each signs in once. A token is known by
 * its `jti` (unique per issuer, RFC 7519) or, without one, by the hash of its signed part (the
 * signature is left out: some algorithms allow a second valid signature of the same claims). It
 * is remembered until it could no longer be accepted anyway; only tokens the provider signed get
 * here, so the list holds no more than the real sign-ins of that time.
 */
export class UsedIdentityTokens {
  /** Key → when it may be forgotten (seconds since the epoch). */
  private readonly used = new Map<string, number>()
  private nextSweep = 0

  /** Records the token's use; false when it was used before. */
  use(token: string, payload: JWTPayload, forgetAt: number, at: number): boolean {
    this.sweep(at)
    const key =
      typeof payload.jti === 'string' && payload.jti !== ''
        ? `jti:${payload.jti}`
        : `sha256:${createHash('sha256').update(token.split('.').slice(0, 2).join('.')).digest('base64url')}`
    if (this.used.has(key)) return false
    this.used.set(key, forgetAt)
    return true
  }

  /** Once a minute at most, tokens past their end are forgotten. */
  private sweep(at: number): void {
    if (at < this.nextSweep) return
    this.nextSweep = at + 60
    for (const [key, forgetAt] of this.used) if (forgetAt < at) this.used.delete(key)
  }
}
