import { describe, expect, test } from 'vitest'
import { identityAccount } from './api-hooks.ts'

/** An identity token as the browser hands it over (only its claims matter here). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.signature`
}

describe('the account of a Microsoft sign-in', () => {
  test('counts an e-mail address only when the provider vouches for it, as the service does', () => {
    // Ben's token with Anna's address typed into an unverified email claim is Ben's.
    expect(identityAccount(jwt({ upn: 'ben@example.com', email: 'anna@example.com' }))).toBe(
      'ben@example.com',
    )
    expect(identityAccount(jwt({ email: 'admin@example.com' }))).toBeNull()
    expect(identityAccount(jwt({ email: 'anna@example.com', email_verified: true }))).toBe(
      'anna@example.com',
    )
    expect(
      identityAccount(jwt({ preferred_username: 'kim@example.com', email: 'x@example.com' })),
    ).toBe('kim@example.com')
  })
})
