import {
  createRemoteJWKSet,
  decodeJwt,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose'
import { identityEmail } from '../../shared/identity-account.ts'
import { ApiFailure } from '../http/failure.ts'
import { UsedIdentityTokens } from './used-identity-tokens.ts'

/**
 * Checks the identity tokens that `user/login` with `type: microsoft` carries: the signature
 * against the provider's published keys (JWKS), the issuer (the Entra ID tenant), the audience
 * (the portal's application id), the expiry, the time of issue and the lifetime, and that the
 * token was not used before; then names the account by its e-mail address.
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
/**
 * A sign-in trades a token the provider has just issued (Entra ID's identity tokens live an hour
 * by default): an older one is refused as expired, one issued in the future as invalid.
 */
const MAX_TOKEN_AGE_S = 3600
/** Entra ID's longest configurable lifetime of an identity token; a longer one is refused. */
const MAX_TOKEN_LIFETIME_S = 86_400

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

/** The lifetime the issuer gave the token is checked beside the token's age. */
function checkLifetime(payload: JWTPayload): void {
  const { iat = 0, exp = 0 } = payload
  if (exp - iat > MAX_TOKEN_LIFETIME_S) throw new ApiFailure('identityTokenInvalid')
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
  const used = new UsedIdentityTokens()
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
            maxTokenAge: MAX_TOKEN_AGE_S,
            requiredClaims: ['exp', 'iat'],
          })
        ).payload
      } catch (error) {
        throw failureOf(error, token)
      }
      checkLifetime(payload)
      const email = identityEmail(payload)
      if (!email) throw new ApiFailure('identityTokenInvalid')
      // Nothing is awaited between the check and the record: two parallel uses cannot both pass.
      const at = Math.floor(Date.now() / 1000)
      const usableUntil = Math.min(payload.exp ?? 0, (payload.iat ?? 0) + MAX_TOKEN_AGE_S)
      if (!used.use(token, payload, usableUntil + CLOCK_TOLERANCE_S, at)) {
        throw new ApiFailure('identityTokenInvalid')
      }
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
