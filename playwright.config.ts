import { defineConfig, devices } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { BROWSER_ARGS } from './scripts/browser.mjs'
import { selfSignedCertificate } from './scripts/certificate.mjs'

/**
 * Run through `npm run test:e2e`, which picks the browser and free ports; all have fallbacks.
 * Five servers: the portal on the embedded demo API (the `chromium` project); for the `proxy`
 * project the reference API alone plus a portal in front of it via MDM_API_URL, over HTTPS with
 * HTTP/2 where openssl can make it a certificate; for the `sso`
 * project a portal that signs in with Microsoft against its demo identity provider; for the
 * `brand` project a portal with an organisation's name, logo and colour.
 */
/** A server the tests need, started once and awaited until `url` answers. */
function server(command: string, url: string, env: Record<string, string>) {
  return {
    command: `node --import tsx ${command}`,
    url,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env,
  }
}

function freePort(name: string): string {
  const port =
    process.env[name] ??
    execFileSync(process.execPath, [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ])
      .toString()
      .trim()
  // The workers load this file again and must arrive at the same ports.
  process.env[name] = port
  return port
}

/**
 * A throw-away certificate for the `proxy` project's portal, which then serves HTTPS and speaks
 * HTTP/2, as in production; made once per run with openssl (the workers load this file again and
 * find it in the environment). Without openssl that portal serves plain HTTP.
 */
function certificate(): { certFile: string; keyFile: string } | null {
  if (process.env.E2E_TLS_DIR !== undefined) {
    const dir = process.env.E2E_TLS_DIR
    return dir ? { certFile: join(dir, 'cert.pem'), keyFile: join(dir, 'key.pem') } : null
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-tls-'))
  const made = selfSignedCertificate(dir)
  process.env.E2E_TLS_DIR = made ? dir : ''
  return made
}

const port = freePort('E2E_PORT')
const apiPort = freePort('E2E_API_PORT')
const proxyPort = freePort('E2E_PROXY_PORT')
const ssoPort = freePort('E2E_SSO_PORT')
const brandPort = freePort('E2E_BRAND_PORT')
const tilePort = freePort('E2E_TILE_PORT')
// The demo portal's records start empty on each run; the workers load this file again.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-records-'))
const baseURL = `http://127.0.0.1:${port}`
const apiURL = `http://127.0.0.1:${apiPort}`
const tls = certificate()
const proxyURL = `${tls ? 'https' : 'http'}://127.0.0.1:${proxyPort}`
const ssoURL = `http://127.0.0.1:${ssoPort}`
const brandURL = `http://127.0.0.1:${brandPort}`
/** The proxy journeys drive the reference API's test controls directly: the portal hides them. */
process.env.E2E_API_URL = apiURL
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const PROXY_SPECS = /\/proxy[^/]*\.spec\.ts$/
const SSO_SPECS = /\/sso[^/]*\.spec\.ts$/
const BRAND_SPECS = /\/branding[^/]*\.spec\.ts$/

/** The map's tiles come from e2e/tile-server.ts: the tests have no internet. */
const TILE_URL = `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`

/** Every e2e test signs in from 127.0.0.1; the limits themselves are unit-tested. */
const TEST_PORTAL_ENV = {
  HOST: '127.0.0.1',
  MAP_TILE_URL: TILE_URL,
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '100000',
  FORGOT_PASSWORD_RATE_LIMIT: '100000',
  LOGIN_ADDRESS_RATE_LIMIT: '100000',
  FORGOT_PASSWORD_ADDRESS_RATE_LIMIT: '100000',
  SIGN_OUT_RATE_LIMIT: '100000',
  LINK_RATE_LIMIT: '100000',
  // Only the demo portal keeps records (their journeys run there); each store costs seconds.
  PORTAL_RECORDS: '0',
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // A browser per core, and two on the smallest machines: a journey waits on its servers as much
  // as it computes. `--workers=1` to follow one.
  workers: Math.max(2, availableParallelism()),
  // Timeouts catch a journey that hangs, not a slow machine: a journey waits on what the user would
  // see, and on a shared two-core machine under load a sign-in alone can take 20 s. Journeys not
  // marked slow take up to 20 s in CI and four times that on a machine loaded several times over;
  // a journey that hangs costs this much, three times as much for one marked slow.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  // Per run when several run side by side on one machine (scripts/e2e.mjs sets it).
  outputDir: process.env.E2E_OUTPUT_DIR ?? '.cache/test-results',
  use: {
    baseURL,
    // A failed test is run again with a trace (CI retries once); recording one for every test
    // costs about a tenth of the run. Locally: `npm run test:e2e -- --trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...BROWSER_ARGS],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [PROXY_SPECS, SSO_SPECS, BRAND_SPECS],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'proxy',
      testMatch: PROXY_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: proxyURL,
        // The portal's own throw-away certificate (above).
        ignoreHTTPSErrors: true,
      },
    },
    {
      name: 'sso',
      testMatch: SSO_SPECS,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: ssoURL },
    },
    {
      name: 'brand',
      testMatch: BRAND_SPECS,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: brandURL },
    },
  ],
  webServer: [
    server('e2e/tile-server.ts', `http://127.0.0.1:${tilePort}/healthz`, { PORT: tilePort }),
    server('server/main.ts', `${baseURL}/healthz`, {
      ...TEST_PORTAL_ENV,
      PORT: port,
      PORTAL_URL: baseURL,
      MDM_TEST_MODE: '1',
      PORTAL_RECORDS: '1',
      PORTAL_DATA_DIR: process.env.E2E_DATA_DIR,
    }),
    server('server/mdm/api-main.ts', `${apiURL}/outbox.json`, {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PORT: apiPort,
      PORTAL_URL: proxyURL,
      MDM_TEST_MODE: '1',
    }),
    {
      ...server('server/main.ts', `${proxyURL}/healthz`, {
        ...TEST_PORTAL_ENV,
        PORT: proxyPort,
        PORTAL_URL: proxyURL,
        MDM_API_URL: apiURL,
        ...(tls ? { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile } : {}),
        // The same build as the demo portal, another tenant's settings: read at start-up.
        HELPDESK_EMAIL: 'it-help@example.com',
        HELPDESK_PHONE: '+49 30 1234 5678',
        HELPDESK_URL: 'https://help.example.com/devices',
      }),
      ignoreHTTPSErrors: true,
    },
    // Sign-in with Microsoft against the local OpenID Connect provider the portal starts.
    server('server/main.ts', `${ssoURL}/healthz`, {
      ...TEST_PORTAL_ENV,
      PORT: ssoPort,
      PORTAL_URL: ssoURL,
      MDM_TEST_MODE: '1',
      MDM_DEMO_IDP: '1',
    }),
    // An organisation's own portal: its name, logo, colour, links and notice (docs/branding.md).
    server('server/main.ts', `${brandURL}/healthz`, {
      ...TEST_PORTAL_ENV,
      PORT: brandPort,
      PORTAL_URL: brandURL,
      MDM_TEST_MODE: '1',
      BRANDING_FILE: 'e2e/branding/acme.json',
    }),
  ],
})
