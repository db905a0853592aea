import { z } from 'zod/mini'

/**
 * Settings the server hands the portal at start-up, so one build serves any tenant.
 * (This is the portal server's own file, not the MDM API, which is why it is read here.)
 */
const configSchema = z.object({
  apiBaseUrl: z._default(z.string(), '/api/mdm/v2'),
  demo: z._default(z.boolean(), false),
  helpdesk: z.nullish(
    z.object({
      email: z.nullish(z.string()),
      phone: z.nullish(z.string()),
      url: z.nullish(z.string()),
    }),
  ),
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
