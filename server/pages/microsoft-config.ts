/** The settings of sign-in with Microsoft (Entra ID), read from the environment. */

/** What the portal in the browser needs to send users to the identity provider. */
export interface MicrosoftSignIn {
  /** Application (client) id of the portal's app registration. */
  clientId: string
  /** The OpenID Connect issuer to talk to, e.g. `https://login.microsoftonline.com/<tenant>/v2.0`. */
  authority: string
}

/** How the embedded demo API checks `type: microsoft` identity tokens. */
export interface IdentityTokenSettings {
  issuer: string
  audience: string
  jwksUri: string | null
}

export interface MicrosoftSettings {
  microsoft: MicrosoftSignIn | null
  passwordSignIn: boolean
  identityProvider: IdentityTokenSettings | null
  /** Start the local OpenID Connect provider with demo users (`MDM_DEMO_IDP=1`). */
  demoIdp: boolean
}

/** Hosts of Microsoft's sign-in service in its public and national clouds. */
const MICROSOFT_HOSTS = new Set([
  'login.microsoftonline.com',
  'login.microsoftonline.us',
  'login.partner.microsoftonline.cn',
])
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

function secureUrl(name: string, value: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an absolute https:// address, not "${value}".`)
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK.has(url.hostname)
  if (url.protocol !== 'https:' && !loopbackHttp) {
    throw new Error(`${name} must start with https:// (http:// only on this machine).`)
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must not contain a query, a fragment or credentials.`)
  }
  return url
}

/**
 * Entra ID's OpenID Connect issuer is `<authority>/v2.0`; administrators copy the authority
 * without it from the portal of Azure, so it is added for Microsoft's hosts.
 */
function oidcAuthority(value: string): string {
  const url = secureUrl('MICROSOFT_AUTHORITY', value)
  const path = url.pathname.replace(/\/+$/, '')
  if (MICROSOFT_HOSTS.has(url.hostname)) {
    const tenant = path.split('/').filter(Boolean)[0]
    if (!tenant || ['common', 'organizations', 'consumers'].includes(tenant.toLowerCase())) {
      throw new Error(
        'MICROSOFT_AUTHORITY must name the tenant (https://login.microsoftonline.com/<tenant id>), ' +
          'so that only accounts of the organisation sign in.',
      )
    }
    return `${url.origin}/${tenant}/v2.0`
  }
  return `${url.origin}${path}`
}

function flagOff(value: string | undefined): boolean {
  return value === '0' || value === 'false'
}

export function readMicrosoftSettings(env: NodeJS.ProcessEnv): MicrosoftSettings {
  const clientId = env.MICROSOFT_CLIENT_ID?.trim()
  const authority = env.MICROSOFT_AUTHORITY?.trim()
  if (!clientId !== !authority) {
    throw new Error('MICROSOFT_CLIENT_ID and MICROSOFT_AUTHORITY go together.')
  }
  const microsoft = clientId && authority ? { clientId, authority: oidcAuthority(authority) } : null
  const demoIdp = env.MDM_DEMO_IDP === '1' || env.MDM_DEMO_IDP === 'true'
  if (demoIdp && (microsoft || env.MDM_API_URL)) {
    throw new Error(
      'MDM_DEMO_IDP starts a demo identity provider for the demo API; it goes neither with ' +
        'MICROSOFT_CLIENT_ID nor with MDM_API_URL.',
    )
  }
  const passwordSignIn = !flagOff(env.PASSWORD_SIGN_IN)
  if (!passwordSignIn && !microsoft && !demoIdp) {
    throw new Error('PASSWORD_SIGN_IN=0 needs sign-in with Microsoft (MICROSOFT_CLIENT_ID).')
  }

  const issuer = env.MDM_MICROSOFT_ISSUER?.trim()
  const audience = env.MDM_MICROSOFT_AUDIENCE?.trim()
  if (!issuer !== !audience) {
    throw new Error('MDM_MICROSOFT_ISSUER and MDM_MICROSOFT_AUDIENCE go together.')
  }
  const jwksUri = env.MDM_MICROSOFT_JWKS_URI?.trim() || null
  // The demo API checks tokens of the provider the portal uses, unless told otherwise.
  // The issuer is compared character by character with `iss`, so it is checked, not rewritten.
  if (issuer) secureUrl('MDM_MICROSOFT_ISSUER', issuer)
  const checked =
    issuer && audience
      ? { issuer, audience }
      : microsoft && { issuer: microsoft.authority, audience: microsoft.clientId }
  return {
    microsoft,
    passwordSignIn,
    identityProvider: checked
      ? { ...checked, jwksUri: jwksUri && secureUrl('MDM_MICROSOFT_JWKS_URI', jwksUri).href }
      : null,
    demoIdp,
  }
}
