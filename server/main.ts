import { buildServer } from './app.ts'
import { readConfig, type ServerConfig } from './config.ts'
import type { DemoIdp } from './demo-idp/provider.ts'
import { startDemoIdentityProvider } from './demo-idp/start.ts'
import { closeOnSignals } from './http/shutdown.ts'
import { folderInUse, folderInUseText } from './sessions/records/database.ts'
import { startLine } from './start-line.ts'

let config: ServerConfig
try {
  config = readConfig()
} catch (error) {
  console.error(`The portal cannot start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}

// A second portal on a records folder in use would run with its records unreachable: it stops.
if (config.records && !config.databaseUrl && (await folderInUse(config.dataDir))) {
  console.error(`The portal cannot start: ${folderInUseText(config.dataDir)}`)
  process.exit(1)
}

// The demo identity provider starts first: the portal's settings carry its address.
let demoIdp: DemoIdp | null = null
if (config.demoIdp) ({ idp: demoIdp, config } = await startDemoIdentityProvider(config))
const app = await buildServer(config)
if (demoIdp) app.addHook('onClose', () => demoIdp.close())
closeOnSignals(app, config.shutdownTimeoutMs)
await app.listen({ port: config.port, host: config.host })

if (config.mdmApiUrl) {
  const upstream = new URL(config.mdmApiUrl)
  app.log.info({ mdmApi: upstream.origin }, 'the portal stands in front of the MDM service')
  if (
    upstream.protocol === 'http:' &&
    !['localhost', '127.0.0.1', '[::1]'].includes(upstream.hostname)
  ) {
    app.log.warn('MDM_API_URL is not https: passwords and tokens cross the network unencrypted')
  }
} else {
  app.log.info('the portal runs on the embedded demo API (set MDM_API_URL for a real service)')
  if (config.testMode) app.log.warn('test mode: /__test routes and x-mdm-world are on')
  if (demoIdp) app.log.info({ issuer: demoIdp.issuer }, 'sign-in with the demo identity provider')
}

// Last, one plain line for the person at the terminal. The demo's accounts are read only when
// the demo runs: in front of a real service its code is not even loaded.
const demo = config.mdmApiUrl ? null : (await import('./mdm/plugin.ts')).demoSignIn()
console.log(startLine(config, demo))
