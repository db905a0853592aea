import {
  createRemoteJWKSet,
  decodeJwt,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose'
import { ApiFailure } from '../http/failure.ts'

/**
 * Checks the identity tokens that `user/login` with `type: microsoft` carries: the signature
 * against the provider's published keys (JWKS), the issuer (the Entra ID tenant), the audience
 * (the portal's application id) and the expiry; then names the account by its e-mail address.
 */
export interface IdentityProviderOptions {
  /** The `iss` the tokens must carry, e.g. `https://login.microsoftonline.com/<tenant>/v2.0`. */
  issuer: string
  /** The `aud` the tokens must carry: the application (client) id of the portal. */
  audience: string
  /** Where the signing keys are; found through the issuer's discovery document when absent. */
  jwksUri?: string | null
}

export interface IdentityVerifier {
  /** The lower-cased e-mail address of a valid token's account; an ApiFailure otherwise. */
  verify(token: string): Promise<string>
}

/** Entra ID signs with RS256; a generic provider may use any of these asymmetric algorithms. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA']
/** Clocks of the provider and the service may differ a little. */
const CLOCK_TOLERANCE_S = 60

async function discoverJwksUri(issuer: string): Promise<URL> {
  const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`discovery answered ${response.status}`)
  const document: unknown = await response.json()
  const uri =
    typeof document === 'object' && document !== null && 'jwks_uri' in document
      ? document.jwks_uri
      : undefined
  if (typeof uri !== 'string') throw new Error('discovery has no jwks_uri')
  return new URL(uri)
}

/**
 * Entra ID puts the sign-in name in `preferred_username` (the UPN, usually the e-mail address);
 * other providers and guest accounts have `email`.
 */
function emailOf(payload: JWTPayload): string | null {
  for (const claim of ['preferred_username', 'email', 'upn']) {
    const value = payload[claim]
    if (typeof value === 'string' && value.includes('@')) return value.trim().toLowerCase()
  }
  return null
}

function unverifiedIssuer(token: string): string {
  try {
    return decodeJwt(token).iss ?? ''
  } catch {
    return ''
  }
}

export function identityVerifier(options: IdentityProviderOptions): IdentityVerifier {
  let keys: Promise<JWTVerifyGetKey> | null = null
  // The key set is found once; a failed discovery is tried again on the next sign-in.
  const keySet = () =>
    (keys ??= (async () =>
      createRemoteJWKSet(
        options.jwksUri ? new URL(options.jwksUri) : await discoverJwksUri(options.issuer),
      ))().catch((error: unknown) => {
      keys = null
      throw error
    }))

  return {
    async verify(token) {
      let payload: JWTPayload
      try {
        payload = (
          await jwtVerify(token, await keySet(), {
            issuer: options.issuer,
            audience: options.audience,
            algorithms: ALGORITHMS,
            clockTolerance: CLOCK_TOLERANCE_S,
            requiredClaims: ['exp', 'iat'],
          })
        ).payload
      } catch (error) {
        throw failureOf(error, token)
      }
      const email = emailOf(payload)
      if (!email) throw new ApiFailure('identityTokenInvalid')
      return email
    },
  }
}

function failureOf(error: unknown, token: string): ApiFailure {
  if (error instanceof joseErrors.JWTExpired) return new ApiFailure('identityTokenExpired')
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'iss') {
    return new ApiFailure('identityWrongIssuer', { issuer: unverifiedIssuer(token) })
  }
  // Keys that cannot be fetched are the provider's fault, not the token's.
  if (
    !(error instanceof joseErrors.JOSEError) ||
    error instanceof joseErrors.JWKSTimeout ||
    error.code === 'ERR_JOSE_GENERIC'
  ) {
    return new ApiFailure('identityProviderUnavailable')
  }
  return new ApiFailure('identityTokenInvalid')
}
