import type { FastifyRequest } from 'fastify'
import type { IdentityProviderOptions } from './model/identity-tokens.ts'
import type { LargeDemoSize } from './demo/large-demo-size.ts'

/** How the portal server, or the API started alone (`npm run api`), configures the reference MDM v2 API. */
export interface ReferenceApiOptions {
  /** Base URL of the portal for links in e-mails, e.g. http://localhost:8080. */
  portalUrl: string
  /** Adds the /__test routes and honours the x-mdm-world header. */
  testMode?: boolean
  /** Default 60 minutes. */
  tokenLifetimeMs?: number
  /** How long before expiry tokenstatus says ExpiresSoon; default 10 minutes. */
  renewalWindowMs?: number
  /** How long renewals may extend one sign-in before a new one is needed; default 12 hours. */
  sessionLifetimeMs?: number
  /** How long a simulated device takes to answer a command; default 3000, 0 = at once. */
  commandDelayMs?: number
  /** Anna gets 500 devices and 300 apps (`true`) or as many as given, for benchmarks. */
  largeDemo?: boolean | LargeDemoSize | null
  /** List answers come in pages of this many items; unset or 0: everything on page 1. */
  pageSize?: number
  /**
   * Accepts `type: microsoft` logins of users with a token of the form `demo-idp:<email>`, only
   * while no `identityProvider` is set: the shortcut proves nothing.
   */
  microsoftIdp?: boolean
  /**
   * The portal server's sign-out (the interface has none): registers a function that makes the
   * API forget a token the user signed out with, in the world of that request.
   */
  onTokenEnd?: (forget: (token: string, request: FastifyRequest) => void) => void
  /** Checks `type: microsoft` identity tokens for real against this provider (JWKS, iss, aud, exp). */
  identityProvider?: IdentityProviderOptions | null
}

/** The part of the options a test may change per world (POST /__test/settings). */
export interface WorldSettings {
  tokenLifetimeMs: number
  renewalWindowMs: number
  sessionLifetimeMs: number
  commandDelayMs: number
  /** Items per page of device/list, app/list and user/list; 0 is everything on page 1. */
  pageSize: number
}

const MINUTE = 60_000

export function defaultSettings(options: ReferenceApiOptions): WorldSettings {
  return {
    tokenLifetimeMs: options.tokenLifetimeMs ?? 60 * MINUTE,
    renewalWindowMs: options.renewalWindowMs ?? 10 * MINUTE,
    sessionLifetimeMs: options.sessionLifetimeMs ?? 12 * 60 * MINUTE,
    commandDelayMs: options.commandDelayMs ?? 3000,
    pageSize: options.pageSize ?? 0,
  }
}
