import 'i18next'
import type { Resources } from './i18n'
import type enServerDemoIdp from '@locales/en/server.demoIdp.json'
import type enServerHttp from '@locales/en/server.http.json'
import type enServerLinks from '@locales/en/server.links.json'
import type enServerPages from '@locales/en/server.pages.json'
import type enServerRecords from '@locales/en/server.records.json'
import type enServerRoles from '@locales/en/server.roles.json'

/**
 * The server's texts (server/i18n/texts.ts): one namespace of the same locales/, its keys checked
 * as the portal's are. The portal never loads it (src/lib/i18n.ts leaves its files out).
 */
interface ServerResources {
  server: typeof enServerHttp &
    typeof enServerPages &
    typeof enServerRoles &
    typeof enServerLinks &
    typeof enServerRecords &
    typeof enServerDemoIdp
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: Resources & ServerResources
  }
}
