import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { deviceInfoResultSchema } from '../../contract/schemas'
import { DeviceDetails } from '../features/devices/details/device-details-page'
import { isLanguage, type Language } from '../../contract/languages'
import { i18n } from '../lib/i18n'
import { paths } from '../lib/paths'

/**
 * The texts of one language by locale file (`<namespace>` or `<namespace>.<part>`, as in
 * locales/<language>/), each file's nested texts as it holds them.
 */
export type Texts = Record<string, Record<string, unknown>>

/** The languages whose texts i18n has been given. */
const prepared = new Set<Language>()

/**
 * A device's page as the portal shows it first, rendered by the server from the service's
 * `device/info` answer (server/first-screen.ts): the markup of the portal's own components, so
 * the page that arrives shows the device, its state and its actions before the portal's code has
 * run, and the portal then draws the same words in the same places. Null when the answer is not a
 * device (the portal shows what went wrong itself).
 */
export function renderDeviceScreen(
  answer: unknown,
  language: string,
  texts: (language: Language) => Texts,
): string | null {
  const parsed = deviceInfoResultSchema.safeParse(answer)
  if (!parsed.success || !isLanguage(language)) return null
  const device = parsed.data.deviceinfo
  for (const lng of [language, 'en'] as const) {
    if (prepared.has(lng)) continue
    // A part of a namespace (common.frame) joins its namespace, as in the browser (src/lib/i18n.ts).
    for (const [file, bundle] of Object.entries(texts(lng))) {
      i18n.addResourceBundle(lng, file.split('.')[0] ?? file, bundle, true, true)
    }
    prepared.add(lng)
  }
  // With its texts all there, the language changes at once: the render below is in it.
  void i18n.changeLanguage(language)
  if (i18n.language !== language) return null
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[paths.device(device.clientid)]}>
        <DeviceDetails device={device} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}
