import type { MicrosoftSettings } from '../pages/microsoft-config.ts'
import type { DemoIdp } from './provider.ts'

/** What the demo identity provider reads and replaces of the server's settings (ServerConfig). */
type SignInSettings = { portalUrl: string } & Pick<
  MicrosoftSettings,
  'microsoft' | 'identityProvider'
>

/**
 * `MDM_DEMO_IDP=1`: starts the demo identity provider on a free loopback port and points both
 * the portal's sign-in with Microsoft and the demo API's token checks at it. Loaded only then.
 */
export async function startDemoIdentityProvider<C extends SignInSettings>(
  config: C,
): Promise<{ idp: DemoIdp; config: C }> {
  const { startDemoIdp } = await import('./provider.ts')
  const idp = await startDemoIdp({ portalUrl: config.portalUrl })
  const signIn: Omit<SignInSettings, 'portalUrl'> = {
    microsoft: { clientId: idp.clientId, authority: idp.issuer },
    identityProvider: { issuer: idp.issuer, audience: idp.clientId, jwksUri: null },
  }
  return { idp, config: { ...config, ...signIn } }
}
