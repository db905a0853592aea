import type { JWTPayload } from 'jose'

/**
 * The account an identity token names, lower-cased. Entra ID puts the sign-in name in
 * `preferred_username` (the UPN, usually the e-mail address); other providers and guest accounts
 * have `email`, which counts only when the provider vouches for it (`email_verified: true`):
 * anyone may type any address into an unverified one. The reference service names the account
 * so, and the records name a sign-in as it does.
 */
export function identityEmail(claims: JWTPayload): string | null {
  const names = ['preferred_username', ...(claims.email_verified === true ? ['email'] : []), 'upn']
  for (const name of names) {
    const value = claims[name]
    if (typeof value === 'string' && value.includes('@')) return value.trim().toLowerCase()
  }
  return null
}
