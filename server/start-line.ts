import type { ServerConfig } from './config.ts'

/** A demo account as the sign-in page lists it. */
interface Account {
  email: string
  password: string
}

/**
 * The one plain line the portal ends its start with, for the person who typed `npm start`:
 * where to open it and, on the demo, how to sign in and where its mail goes. (The log lines
 * before it are JSON, for machines.)
 */
export function startLine(
  config: Pick<ServerConfig, 'portalUrl' | 'mdmApiUrl'>,
  demo: { user: Account; admin: Account } | null,
): string {
  const url = config.portalUrl
  if (config.mdmApiUrl || !demo) {
    const upstream = config.mdmApiUrl ? ` (MDM service: ${new URL(config.mdmApiUrl).origin})` : ''
    return `The portal is listening: open ${url}${upstream}`
  }
  const { user, admin } = demo
  return (
    `The portal is listening: open ${url} and sign in as ${user.email} / ${user.password} ` +
    `(help desk: ${admin.email} / ${admin.password}); the demo mailbox is ${url}/outbox`
  )
}
