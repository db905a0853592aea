import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { readMicrosoftSettings, type MicrosoftSettings } from './pages/microsoft-config.ts'
import { parseLargeDemo, type LargeDemoSize } from './mdm/plugin.ts'
import { readMapTiles, type MapTiles } from './shared/map-tiles.ts'
import { brandingSettings, pageLink, readBranding, type Branding } from './pages/branding.ts'
import { readHelpdeskRoles } from './roles/roles-config.ts'
import type { HelpdeskRoles } from './roles/roles-file.ts'
import type { EndpointRateLimits, RateLimits } from './sessions/rate-limits.ts'

/** The portal server's settings, all from the environment so one build serves any tenant. */
export interface ServerConfig {
  port: number
  host: string
  /**
   * Base URL of the real MDM service (scheme, host and an optional path prefix, never
   * `/api/mdm/v2`) to proxy `/api/mdm/v2` to; without it the embedded reference API answers.
   */
  mdmApiUrl: string | null
  /** How long the proxy waits for the MDM service before it answers 504. */
  proxyTimeoutMs: number
  /** The portal's public address, used in the links of the demo e-mails. */
  portalUrl: string
  /** Test mode of the embedded API (control endpoints, per-test worlds). Never in production. */
  testMode: boolean
  largeDemo: LargeDemoSize | null
  pageSize: number | undefined
  /** The demo API accepts `type: microsoft` sign-ins (identity token `demo-idp:<email>`). */
  microsoftIdp: boolean
  /** Sign-in with Microsoft (Entra ID): the portal's settings and the demo API's token checks. */
  microsoft: MicrosoftSettings['microsoft']
  /** The e-mail and password form on the sign-in page (`PASSWORD_SIGN_IN=0` hides it). */
  passwordSignIn: boolean
  identityProvider: MicrosoftSettings['identityProvider']
  /** Start a local OpenID Connect provider with demo users and sign in with it. */
  demoIdp: boolean
  tokenLifetimeMs: number | undefined
  renewalWindowMs: number | undefined
  sessionLifetimeMs: number | undefined
  commandDelayMs: number | undefined
  helpdesk: { email: string | null; phone: string | null; url: string | null }
  /** The organisation's name, logo, colour, links and notices. */
  branding: Branding
  /** The help desk's roles (`HELPDESK_ROLES_FILE`); null: every administrator is `admin`. */
  helpdeskRoles: HelpdeskRoles | null
  /** Tiles of the map on a device's page; null: no map, coordinates and a link only. */
  mapTiles: MapTiles | null
  /** Requests per minute per address (and account): sessions/rate-limits.ts. */
  rateLimits: RateLimits
  endpointRateLimits: EndpointRateLimits
  /** Redis or Valkey shared by several portal instances (rate limits, signed-out tokens). */
  redisUrl: string | null
  /** How long a request waits for the shared store before it goes on without it. */
  redisDeadlineMs: number
  /** How long a signed-out token stays refused: at least the service's token lifetime. */
  signedOutTokenTtlMs: number
  /** Time for a client to send a whole request, headers and body. */
  requestTimeoutMs: number
  /** Connections open at once; further ones are closed at once. */
  maxConnections: number
  /** Connections open at once from one address (0: no such cap). */
  maxConnectionsPerAddress: number
  /**
   * Fastify's `trustProxy`: whether X-Forwarded-For/-Proto are believed, and from whom: never
   * from everyone, or any client could name itself.
   */
  trustProxy: false | string | ((address: string, hop: number) => boolean)
  /** Serve HTTPS directly from these PEM files instead of behind a TLS-terminating proxy. */
  tls: { certFile: string; keyFile: string } | null
  /** After SIGTERM, how long in-flight requests may take before the process exits anyway. */
  shutdownTimeoutMs: number
  /** Serve the build's `.map` files (for debugging a deployment; they reveal the source). */
  serveSourceMaps: boolean
  /** Records of sign-ins, sessions and activity (`PORTAL_RECORDS=0` keeps none). */
  records: boolean
  /** The embedded store's folder (PGlite), when no `databaseUrl` is set. */
  dataDir: string
  /** A PostgreSQL server that several portal instances share for their records. */
  databaseUrl: string | null
  /** Records older than this many days are deleted, daily. */
  activityRetentionDays: number
  /** The port of `/metrics` (Prometheus); null: no metrics. Never the public port. */
  metricsPort: number | null
  /** Folder of the built portal. */
  distDir: string
  logLevel: string
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

function optionalNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0) {
    throw new Error(`${name} must be a whole number of 0 or more, not "${value}".`)
  }
  return number
}

function positive(name: string, value: string | undefined): number | undefined {
  const number = optionalNumber(name, value)
  if (number === 0) throw new Error(`${name} must be 1 or more.`)
  return number
}

/** The address of a store in the variable `name`, of one of its two schemes; null when unset. */
function storeUrl(
  name: string,
  value: string | undefined,
  schemes: readonly [string, string],
): string | null {
  if (!value) return null
  const either = `${schemes[0]}:// or ${schemes[1]}://`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be a ${either} address.`)
  }
  if (!schemes.some((scheme) => url.protocol === `${scheme}:`)) {
    throw new Error(`${name} must start with ${either}.`)
  }
  return value
}

function flag(value: string | undefined): boolean {
  return value === '1' || value === 'true'
}

function httpUrl(name: string, value: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an absolute http(s) address, not "${value}".`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must start with https:// or http://, not "${value}".`)
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must not contain a query, a fragment or credentials.`)
  }
  return url
}

/** Accepts the service's base URL, and forgives an administrator who pasted the API's own path. */
function mdmApiUrl(value: string | undefined): string | null {
  if (!value) return null
  const url = httpUrl('MDM_API_URL', value)
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/mdm\/v2$/i, '')
  return `${url.origin}${path}`
}

const TRUST_PROXY_HELP =
  'set it to the number of proxies in front of the portal (e.g. 1) or to their addresses (e.g. 10.0.0.0/8,192.168.1.5)'

function isAddressOrSubnet(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)
}

function trustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  if (!value || value === '0' || value === 'false') return false
  // Trusting everyone would take the leftmost X-Forwarded-For, which the client writes itself.
  if (value === 'true') {
    throw new Error(
      `TRUST_PROXY=true would believe any X-Forwarded-For a client sends, so anyone could step around the rate limits: ${TRUST_PROXY_HELP}.`,
    )
  }
  // A number of proxies in front ("1", "2"): only that many hops of X-Forwarded-For count.
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  // A list of the proxies' addresses and subnets ("10.0.0.0/8,127.0.0.1").
  const entries = value.split(',').map((entry) => entry.trim())
  const wrong = entries.find((entry) => !isAddressOrSubnet(entry))
  if (wrong !== undefined) {
    throw new Error(
      `TRUST_PROXY has "${wrong}", which is no address or subnet: ${TRUST_PROXY_HELP}.`,
    )
  }
  const everyone = coveredFamily(entries)
  if (everyone) {
    throw new Error(
      `TRUST_PROXY names subnets that together hold every ${everyone} address, so anyone could write their own X-Forwarded-For and step around the rate limits: ${TRUST_PROXY_HELP}.`,
    )
  }
  return entries.join(',')
}

/** An IPv4 or IPv6 address as one number (IPv6 may end in IPv4's dotted form). */
function addressNumber(address: string, version: 4 | 6): bigint {
  if (version === 4) {
    return address.split('.').reduce((number, part) => (number << 8n) | BigInt(part), 0n)
  }
  // A zone ("fe80::1%eth0") names the interface, not the address.
  const plain = address.split('%')[0] ?? ''
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1]
  const text = dotted ? plain.slice(0, -dotted.length) + '0:0' : plain
  const [head = '', tail = ''] = text.split('::')
  const groups = (part: string) => (part ? part.split(':') : [])
  const left = groups(head)
  const right = text.includes('::') ? groups(tail) : []
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  const number = all.reduce((sum, group) => (sum << 16n) | BigInt(`0x${group || '0'}`), 0n)
  return dotted ? number | addressNumber(dotted, 4) : number
}

const MAPPED_IPV4 = 0xffff_0000_0000n

/**
 * Which family, if any, the subnets cover whole ("0.0.0.0/1,128.0.0.0/1" is everyone as much as
 * "0.0.0.0/0"). IPv4-mapped IPv6 subnets count for IPv4 too, as the addresses they stand for.
 */
function coveredFamily(entries: string[]): 'IPv4' | 'IPv6' | null {
  const ranges = { 4: [] as [bigint, bigint][], 6: [] as [bigint, bigint][] }
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/')
    const version = isIP(address) as 4 | 6
    const width = version === 4 ? 32n : 128n
    const span = (1n << (width - BigInt(bits ?? width))) - 1n
    const start = addressNumber(address, version) & ~span
    ranges[version].push([start, start + span])
    if (version === 6 && start >> 32n === 0xffffn && (start + span) >> 32n === 0xffffn) {
      ranges[4].push([start - MAPPED_IPV4, start + span - MAPPED_IPV4])
    }
  }
  const covers = (list: [bigint, bigint][], width: bigint) => {
    let next = 0n
    for (const [start, end] of list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (start > next) return false
      if (end + 1n > next) next = end + 1n
    }
    return next === 1n << width
  }
  if (covers(ranges[4], 32n)) return 'IPv4'
  if (covers(ranges[6], 128n)) return 'IPv6'
  return null
}

function helpdeskEmail(value: string | undefined): string | null {
  if (!value) return null
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(value)) {
    throw new Error(`HELPDESK_EMAIL is not an e-mail address: "${value}".`)
  }
  return value
}

/** The metrics' own port: never the public one, where anyone could read them. */
function metricsPort(value: string | undefined, port: number): number | null {
  const metrics = positive('METRICS_PORT', value) ?? null
  if (metrics !== null && metrics === port) {
    throw new Error('METRICS_PORT must differ from PORT: the metrics are never on the public port.')
  }
  return metrics
}

function tls(env: NodeJS.ProcessEnv): ServerConfig['tls'] {
  const certFile = env.TLS_CERT_FILE
  const keyFile = env.TLS_KEY_FILE
  if (!certFile && !keyFile) return null
  if (!certFile || !keyFile) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together.')
  return { certFile, keyFile }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = optionalNumber('PORT', env.PORT) ?? 8080
  const logLevel = env.LOG_LEVEL || 'info'
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}".`)
  }
  const tlsFiles = tls(env)
  const trusted = trustProxy(env.TRUST_PROXY)
  const portalUrl = env.PORTAL_URL
    ? httpUrl('PORTAL_URL', env.PORTAL_URL).href
    : `${tlsFiles ? 'https' : 'http'}://localhost:${port}`
  // The help desk's contact may come from BRANDING_FILE too.
  const brandingSource = brandingSettings(env)
  const contact = brandingSource.settings
  return {
    port,
    host: env.HOST || '0.0.0.0',
    mdmApiUrl: mdmApiUrl(env.MDM_API_URL),
    proxyTimeoutMs: optionalNumber('MDM_API_TIMEOUT_MS', env.MDM_API_TIMEOUT_MS) ?? 25_000,
    portalUrl: portalUrl.replace(/\/+$/, ''),
    testMode: flag(env.MDM_TEST_MODE),
    largeDemo: parseLargeDemo(env.MDM_LARGE_DEMO),
    pageSize: positive('MDM_PAGE_SIZE', env.MDM_PAGE_SIZE),
    microsoftIdp: flag(env.MDM_MICROSOFT_IDP),
    ...readMicrosoftSettings(env),
    tokenLifetimeMs: optionalNumber('MDM_TOKEN_LIFETIME_MS', env.MDM_TOKEN_LIFETIME_MS),
    renewalWindowMs: optionalNumber('MDM_RENEWAL_WINDOW_MS', env.MDM_RENEWAL_WINDOW_MS),
    sessionLifetimeMs: optionalNumber('MDM_SESSION_LIFETIME_MS', env.MDM_SESSION_LIFETIME_MS),
    commandDelayMs: optionalNumber('MDM_COMMAND_DELAY_MS', env.MDM_COMMAND_DELAY_MS),
    helpdesk: {
      email: helpdeskEmail(contact.HELPDESK_EMAIL),
      phone: contact.HELPDESK_PHONE?.trim() || null,
      url: pageLink('HELPDESK_URL', contact.HELPDESK_URL),
    },
    branding: readBranding(brandingSource),
    mapTiles: readMapTiles(env),
    rateLimits: {
      login: optionalNumber('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT) ?? 10,
      forgotPassword:
        optionalNumber('FORGOT_PASSWORD_RATE_LIMIT', env.FORGOT_PASSWORD_RATE_LIMIT) ?? 5,
      loginPerAddress:
        optionalNumber('LOGIN_ADDRESS_RATE_LIMIT', env.LOGIN_ADDRESS_RATE_LIMIT) ?? 300,
      forgotPasswordPerAddress:
        optionalNumber(
          'FORGOT_PASSWORD_ADDRESS_RATE_LIMIT',
          env.FORGOT_PASSWORD_ADDRESS_RATE_LIMIT,
        ) ?? 60,
    },
    endpointRateLimits: {
      signOut: optionalNumber('SIGN_OUT_RATE_LIMIT', env.SIGN_OUT_RATE_LIMIT) ?? 30,
      links: optionalNumber('LINK_RATE_LIMIT', env.LINK_RATE_LIMIT) ?? 30,
      clientErrors: optionalNumber('CLIENT_ERROR_RATE_LIMIT', env.CLIENT_ERROR_RATE_LIMIT) ?? 10,
    },
    redisUrl: storeUrl('RATE_LIMIT_REDIS_URL', env.RATE_LIMIT_REDIS_URL, ['redis', 'rediss']),
    redisDeadlineMs:
      positive('RATE_LIMIT_REDIS_DEADLINE_MS', env.RATE_LIMIT_REDIS_DEADLINE_MS) ?? 200,
    signedOutTokenTtlMs:
      optionalNumber('SIGNED_OUT_TOKEN_TTL_MS', env.SIGNED_OUT_TOKEN_TTL_MS) ?? 86_400_000,
    requestTimeoutMs: positive('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS) ?? 30_000,
    maxConnections: positive('MAX_CONNECTIONS', env.MAX_CONNECTIONS) ?? 10_000,
    // Behind a trusted proxy every connection comes from the proxy: no cap per address then.
    maxConnectionsPerAddress:
      optionalNumber('MAX_CONNECTIONS_PER_ADDRESS', env.MAX_CONNECTIONS_PER_ADDRESS) ??
      (trusted ? 0 : 200),
    trustProxy: trusted,
    tls: tlsFiles,
    shutdownTimeoutMs: optionalNumber('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS) ?? 20_000,
    serveSourceMaps: flag(env.SERVE_SOURCE_MAPS),
    records: env.PORTAL_RECORDS !== '0' && env.PORTAL_RECORDS !== 'false',
    dataDir: resolve(env.PORTAL_DATA_DIR || 'data'),
    databaseUrl: storeUrl('DATABASE_URL', env.DATABASE_URL, ['postgres', 'postgresql']),
    activityRetentionDays: positive('ACTIVITY_RETENTION_DAYS', env.ACTIVITY_RETENTION_DAYS) ?? 90,
    metricsPort: metricsPort(env.METRICS_PORT, port),
    helpdeskRoles: readHelpdeskRoles(env),
    distDir: env.DIST_DIR || new URL('../dist', import.meta.url).pathname,
    logLevel,
  }
}
