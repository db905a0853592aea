import { describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { readConfig } from '../config.ts'
import { makeDist, testConfig } from '../testing/test-support.ts'

const TENANT = '11111111-2222-3333-4444-555555555555'

describe('sign-in with Microsoft settings', () => {
  test('off without variables: the password form alone, no token checks', () => {
    expect(readConfig({})).toMatchObject({
      microsoft: null,
      passwordSignIn: true,
      identityProvider: null,
      demoIdp: false,
    })
  })

  test("Entra ID's authority as copied from Azure becomes its OpenID Connect issuer", () => {
    const config = readConfig({
      MICROSOFT_CLIENT_ID: 'app-id',
      MICROSOFT_AUTHORITY: `https://login.microsoftonline.com/${TENANT}/`,
    })
    const issuer = `https://login.microsoftonline.com/${TENANT}/v2.0`
    expect(config.microsoft).toEqual({ clientId: 'app-id', authority: issuer })
    // The demo API checks the same provider's tokens unless told otherwise.
    expect(config.identityProvider).toEqual({ issuer, audience: 'app-id', jwksUri: null })
  })

  test('a generic provider keeps its address; the token checks can be set apart', () => {
    const config = readConfig({
      MICROSOFT_CLIENT_ID: 'app-id',
      MICROSOFT_AUTHORITY: 'https://idp.example.com/realms/staff',
      MDM_MICROSOFT_ISSUER: 'https://issuer.example.com/',
      MDM_MICROSOFT_AUDIENCE: 'api://devices',
    })
    expect(config.microsoft?.authority).toBe('https://idp.example.com/realms/staff')
    expect(config.identityProvider).toMatchObject({
      issuer: 'https://issuer.example.com/',
      audience: 'api://devices',
    })
  })

  test('refuses settings that cannot work, with the reason', () => {
    expect(() => readConfig({ MICROSOFT_CLIENT_ID: 'app-id' })).toThrow(/go together/)
    expect(() =>
      readConfig({
        MICROSOFT_CLIENT_ID: 'app-id',
        MICROSOFT_AUTHORITY: 'https://login.microsoftonline.com/common',
      }),
    ).toThrow(/must name the tenant/)
    expect(() =>
      readConfig({ MICROSOFT_CLIENT_ID: 'app-id', MICROSOFT_AUTHORITY: 'http://idp.example.com' }),
    ).toThrow(/https/)
    expect(() => readConfig({ PASSWORD_SIGN_IN: '0' })).toThrow(/needs sign-in with Microsoft/)
    expect(() => readConfig({ MDM_DEMO_IDP: '1', MDM_API_URL: 'https://mdm.example.com' })).toThrow(
      /MDM_DEMO_IDP/,
    )
    expect(() => readConfig({ MDM_MICROSOFT_ISSUER: 'https://issuer.example.com' })).toThrow(
      /go together/,
    )
  })

  test('the portal learns the settings, and its CSP lets it reach the provider and no one else', async () => {
    const dist = makeDist()
    const app = await buildServer(
      testConfig(dist.dir, {
        MICROSOFT_CLIENT_ID: 'app-id',
        MICROSOFT_AUTHORITY: `https://login.microsoftonline.com/${TENANT}`,
        PASSWORD_SIGN_IN: '0',
      }),
    )
    try {
      const settings = await app.inject({ url: '/portal-config.json' })
      expect(settings.json()).toMatchObject({
        microsoft: {
          clientId: 'app-id',
          authority: `https://login.microsoftonline.com/${TENANT}/v2.0`,
        },
        passwordSignIn: false,
      })
      const csp = String(settings.headers['content-security-policy'])
      expect(csp).toContain("connect-src 'self' https://login.microsoftonline.com;")
      // The flow is a full-page redirect: no frames, and nothing may frame the portal.
      expect(csp).not.toContain('frame-src')
      expect(csp).toContain("frame-ancestors 'none'")
    } finally {
      await app.close()
      dist.remove()
    }
  }, 120_000)
})
