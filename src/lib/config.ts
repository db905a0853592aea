import { z } from 'zod'

/**
 * Settings the server hands the portal at start-up, so one build serves any tenant.
 * (This is the portal server's own file, not the MDM API, which is why it is read here.)
 */
const configSchema = z.object({
  apiBaseUrl: z.string().default('/api/mdm/v2'),
  demo: z.boolean().default(false),
  helpdesk: z
    .object({
      email: z.string().nullish(),
      phone: z.string().nullish(),
      url: z.string().nullish(),
    })
    .nullish(),
})
export type PortalConfig = z.output<typeof configSchema>

const defaults: PortalConfig = configSchema.parse({})
let config: PortalConfig = defaults

export async function loadConfig(): Promise<PortalConfig> {
  try {
    const response = await fetch('/portal-config.json', { headers: { Accept: 'application/json' } })
    if (response.ok) config = configSchema.parse(await response.json())
  } catch {
    // Without its settings the portal still works against the API on its own origin.
  }
  return config
}

export function getConfig(): PortalConfig {
  return config
}
