/** The portal server's settings, all from the environment so one build serves any tenant. */
export interface ServerConfig {
  port: number
  host: string
  /** The real MDM service to proxy `/api/mdm/v2` to; without it the embedded reference API answers. */
  mdmApiUrl: string | null
  /** The portal's public address, used in the links of the demo e-mails. */
  portalUrl: string
  /** Test mode of the embedded API (control endpoints, per-test worlds). Never in production. */
  testMode: boolean
  largeDemo: boolean
  tokenLifetimeMs: number | undefined
  renewalWindowMs: number | undefined
  commandDelayMs: number | undefined
  helpdesk: { email: string | null; phone: string | null; url: string | null }
  /** Folder of the built portal. */
  distDir: string
  logLevel: string
}

function optionalNumber(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const number = Number(value)
  if (!Number.isFinite(number) || number < 0) throw new Error(`Not a valid number: ${value}`)
  return number
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = optionalNumber(env.PORT) ?? 8080
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    mdmApiUrl: env.MDM_API_URL ? env.MDM_API_URL.replace(/\/+$/, '') : null,
    portalUrl: (env.PORTAL_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    testMode: env.MDM_TEST_MODE === '1' || env.MDM_TEST_MODE === 'true',
    largeDemo: env.MDM_LARGE_DEMO === '1' || env.MDM_LARGE_DEMO === 'true',
    tokenLifetimeMs: optionalNumber(env.MDM_TOKEN_LIFETIME_MS),
    renewalWindowMs: optionalNumber(env.MDM_RENEWAL_WINDOW_MS),
    commandDelayMs: optionalNumber(env.MDM_COMMAND_DELAY_MS),
    helpdesk: {
      email: env.HELPDESK_EMAIL || null,
      phone: env.HELPDESK_PHONE || null,
      url: env.HELPDESK_URL || null,
    },
    distDir: env.DIST_DIR ?? new URL('../dist', import.meta.url).pathname,
    logLevel: env.LOG_LEVEL ?? 'info',
  }
}
