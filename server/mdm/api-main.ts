import { buildApiServer } from './api-server.ts'
import { closeOnSignals } from '../http/shutdown.ts'
import { parseLargeDemo } from './demo/large-demo-size.ts'
import type { ReferenceApiOptions } from './plugin.ts'

/**
 * `npm run api`: the reference MDM v2 API alone (no portal), e.g. for trying the interface with
 * curl or pointing another client at it. Settings come from the environment:
 * PORT (8081), HOST (127.0.0.1), PORTAL_URL (http://localhost:8080), MDM_TEST_MODE=1,
 * MDM_TOKEN_LIFETIME_MS, MDM_RENEWAL_WINDOW_MS, MDM_SESSION_LIFETIME_MS, MDM_COMMAND_DELAY_MS,
 * MDM_LARGE_DEMO=1 or <devices>[:<apps>], MDM_PAGE_SIZE.
 */

function whole(name: string): number | undefined {
  const value = process.env[name]
  if (value === undefined || value === '') return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0) {
    throw new Error(`${name} must be a whole number of 0 or more, not "${value}".`)
  }
  return number
}

const flag = (name: string) => ['1', 'true'].includes(process.env[name] ?? '')

let options: ReferenceApiOptions
let port: number
try {
  options = {
    portalUrl: process.env.PORTAL_URL ?? 'http://localhost:8080',
    testMode: flag('MDM_TEST_MODE'),
    largeDemo: parseLargeDemo(process.env.MDM_LARGE_DEMO),
    pageSize: whole('MDM_PAGE_SIZE'),
    tokenLifetimeMs: whole('MDM_TOKEN_LIFETIME_MS'),
    renewalWindowMs: whole('MDM_RENEWAL_WINDOW_MS'),
    sessionLifetimeMs: whole('MDM_SESSION_LIFETIME_MS'),
    commandDelayMs: whole('MDM_COMMAND_DELAY_MS'),
  }
  port = whole('PORT') ?? 8081
} catch (error) {
  console.error(`The API cannot start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}

const app = await buildApiServer(options, process.env.LOG_LEVEL || 'info')
closeOnSignals(app, 10_000)
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' })
if (options.testMode) app.log.warn('test mode: /__test routes and the x-mdm-world header are on')
