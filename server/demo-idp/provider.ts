/**
 * A real OpenID Connect provider (oidc-provider) on this machine, standing in for Microsoft
 * Entra ID in the demo and the end-to-end tests: authorization code flow with PKCE, signed
 * identity tokens, refresh tokens, discovery and JWKS, on a loopback address and a free port.
 */
import { exportJWK, generateKeyPair } from 'jose'
import { randomBytes } from 'node:crypto'
import { createServer, type RequestListener } from 'node:http'
import Provider, { type Configuration } from 'oidc-provider'
import { demoIdpUser, interactionHandler } from './interactions.ts'

const DEMO_IDP_CLIENT_ID = 'device-portal-demo'

export interface DemoIdp {
  /** The issuer and authority, e.g. http://127.0.0.1:40123. */
  issuer: string
  clientId: string
  close(): Promise<void>
}

/**
 * The portal's redirect URI, under each name of this machine: a demo opened on
 * http://127.0.0.1:8080 works as well as on http://localhost:8080.
 */
function redirectUrisFor(portalUrl: string): string[] {
  const url = new URL('/login', portalUrl)
  const uris = new Set([url.href])
  for (const host of ['localhost', '127.0.0.1']) {
    if (['localhost', '127.0.0.1'].includes(url.hostname)) {
      uris.add(new URL(`${url.protocol}//${host}:${url.port}/login`).href)
    }
  }
  return [...uris]
}

const HOUR = 3600

async function configuration(redirectUris: string[]): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const key = { ...(await exportJWK(privateKey)), kid: 'demo-idp-1', alg: 'RS256', use: 'sig' }
  const origins = new Set(redirectUris.map((uri) => new URL(uri).origin))
  return {
    clients: [
      {
        client_id: DEMO_IDP_CLIENT_ID,
        client_name: 'Device Portal',
        // A single-page application: a public client that proves itself with PKCE.
        token_endpoint_auth_method: 'none',
        redirect_uris: redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [key] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    // Like Entra ID, the identity token itself names the user (not only the userinfo endpoint).
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      const user = demoIdpUser(id)
      if (!user) return undefined
      return {
        accountId: user.email,
        claims: () => ({
          sub: user.email,
          email: user.email,
          email_verified: true,
          name: user.name,
          preferred_username: user.email,
        }),
      }
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // An organisation consents for its users once, in Entra ID; the demo asks nobody either.
    async loadExistingGrant(ctx) {
      const { client, session, result } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined
      if (existing) return existing
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      })
      grant.addOIDCScope('openid email profile offline_access')
      await grant.save()
      return grant
    },
    // Entra ID gives single-page applications refresh tokens; so does the demo, without
    // insisting on prompt=consent for offline_access.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx, origin) => origins.has(origin),
    pkce: { required: () => true },
    ttl: {
      AccessToken: HOUR,
      IdToken: HOUR,
      AuthorizationCode: 60,
      Interaction: 10 * 60,
      Session: 8 * HOUR,
      Grant: 8 * HOUR,
      RefreshToken: 8 * HOUR,
    },
  }
}

function listen(handler: { current: RequestListener }, host: string, port: number) {
  const server = createServer((request, response) => handler.current(request, response))
  return new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}

/** Starts the provider; its address is known only once it listens, so the handler comes after. */
export async function startDemoIdp(options: {
  portalUrl: string
  host?: string
  port?: number
}): Promise<DemoIdp> {
  const handler: { current: RequestListener } = {
    current: (_request, response) => response.writeHead(503).end(),
  }
  const host = options.host ?? '127.0.0.1'
  const server = await listen(handler, host, options.port ?? 0)
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the provider has no port')
  const issuer = `http://${host}:${address.port}`
  const provider = new Provider(issuer, await configuration(redirectUrisFor(options.portalUrl)))
  const oidc = provider.callback()
  const interactions = interactionHandler(provider)
  handler.current = (request, response) => {
    if (request.url?.startsWith('/interaction/')) void interactions(request, response)
    else void oidc(request, response)
  }
  return {
    issuer,
    clientId: DEMO_IDP_CLIENT_ID,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
