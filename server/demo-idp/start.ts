import type { ServerConfig } from '../config.ts'
import type { DemoIdp } from './provider.ts'

/**
 * `MDM_DEMO_IDP=1`: starts the demo identity provider on a free loopback port and points both
 * the portal's sign-in with Microsoft and the demo API's token checks at it. Loaded only then.
 */
export async function startDemoIdentityProvider(
  config: ServerConfig,
): Promise<{ idp: DemoIdp; config: ServerConfig }> {
  const { startDemoIdp } = await import('./provider.ts')
  const idp = await startDemoIdp({ portalUrl: config.portalUrl })
  return {
    idp,
    config: {
      ...config,
      microsoft: { clientId: idp.clientId, authority: idp.issuer },
      identityProvider: { issuer: idp.issuer, audience: idp.clientId, jwksUri: null },
    },
  }
}
