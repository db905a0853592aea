import type { FastifyInstance } from 'fastify'
import type { HelpdeskRoles } from '../../roles/roles-file.ts'
import type { SignedOutTokens } from '../signed-out-tokens.ts'
import { changeAnswerWaitMs } from './activity.ts'
import { recordApiTraffic } from './api-hooks.ts'
import { retainFor } from './privacy.ts'
import { createRecords, type Records } from './records.ts'
import { recordsRoutes } from './records-routes.ts'
import { testRecordRoutes } from './test-records.ts'
import { worldReader } from './world.ts'

/** The settings the records read (server/config.ts names each). */
interface RecordsSettings {
  records: boolean
  databaseUrl: string | null
  dataDir: string
  testMode: boolean
  helpdeskRoles: HelpdeskRoles | null
  signedOutTokenTtlMs: number
  tokenLifetimeMs: number | undefined
  mdmApiUrl: string | null
  /** How long the portal waits for the service (MDM_API_TIMEOUT_MS). */
  proxyTimeoutMs: number
  activityRetentionDays: number
}

/**
 * The portal's records of sign-ins, sessions and activity (see docs/security.md, "What the portal
 * stores"). The store opens in the background once the server is ready: the portal serves at
 * once, and what happens before it is open waits in the queue.
 */
export async function portalRecords(
  app: FastifyInstance,
  config: RecordsSettings,
  signedOut: SignedOutTokens,
  /** The steps after the session's (the role, the limit): before the records' own routes. */
  nextSteps: (records: Records) => void = () => undefined,
): Promise<Records | null> {
  if (!config.records) return null
  const location = config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }
  const records = createRecords(location, app.log)
  // PGlite's start keeps the process busy in bursts: it begins once the plugins have loaded,
  // so it never holds up the server's own start.
  app.addHook('onReady', async () => {
    setTimeout(() => void records.store.open(), 0).unref()
  })
  const worldOf = worldReader(config.testMode)
  recordApiTraffic(app, records, signedOut, worldOf, config.helpdeskRoles)
  nextSteps(records)
  await recordsRoutes(app, records, {
    liveMs: config.signedOutTokenTtlMs,
    // The embedded service's tokens live an hour unless set; a real service's only if set.
    tokenLifetimeMs:
      config.tokenLifetimeMs ?? (config.mdmApiUrl === null ? 60 * 60_000 : undefined),
    worldOf,
    changeWaitMs: changeAnswerWaitMs(config.proxyTimeoutMs),
  })
  if (config.testMode) testRecordRoutes(app, records, worldOf)
  retainFor(app, records.store, config.activityRetentionDays)
  app.addHook('onClose', () => records.store.close())
  return records
}
