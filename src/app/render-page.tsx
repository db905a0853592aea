import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { prepareSignInScreen } from '@/features/auth/sign-in/sign-in-screen'
import { AccountAddress } from '@/features/password/reset/account-address'
import { setConfig } from '@/lib/config'
import { SCREENS } from '@contract/screens'
import { i18n, loadNamespaces, loadTextParts, textFile, type Language } from '@/lib/i18n'
import { FRAME, pageOf, routeObjects, type RouteLoads } from './router'

/** Every screen's texts: the handler loads a route's once, in the language of its first page. */
const ALL_TEXTS = [...new Set(Object.values(SCREENS).flatMap((screen) => screen.namespaces))]

const handler = createStaticHandler(routeObjects)

/** The page of an address drawn by the portal's own components (docs/architecture.md). */
export async function renderPage(url: string, language: Language, settings: unknown) {
  setConfig(settings)
  await i18n.changeLanguage(language)
  await Promise.all([
    loadNamespaces(ALL_TEXTS),
    // Microsoft's texts in this language too: the sign-in screen fetches them once, in the first.
    loadTextParts([...FRAME.texts, 'auth.microsoft']),
    prepareSignInScreen(),
  ])
  // No session here (the token stays in the browser): no guard, no loader, placeholders drawn.
  const context = await handler.query(new Request(url), {
    dataStrategy: async ({ matches }) =>
      Object.fromEntries(matches.map(({ route }) => [route.id, { type: 'data', result: null }])),
  })
  if (context instanceof Response) throw new Error(`${url} answers ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  // Inert until the portal takes it over (root.tsx), and `data-page` says which drawing it is.
  const markup = renderToString(
    <StrictMode>
      <div id="root" inert data-page={pageOf(context)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </div>
    </StrictMode>,
  )
  // Shown should the portal's code never come (feedback.css); apart, lest it change the root's ids.
  const stalled = renderToString(<p className="start-stalled">{i18n.t('status.stalled')}</p>)
  // React puts what it hoists (the screen's <title>, the description) before the markup.
  const start = markup.indexOf('<div id="root"')
  return {
    head: markup.slice(0, start),
    html: markup.slice(start) + stalled,
    files: context.matches.flatMap(({ route }) => {
      const { module, texts = [] } = (route.handle ?? {}) as RouteLoads
      const files = texts.map((text) => textFile(language, text))
      return (module ? [module, ...files] : files).map((file) => file.slice(1))
    }),
  }
}

/** A password link's account, as its page draws it: the server draws the link's own in its page. */
export const renderAccount = (address: string | null) =>
  renderToString(<AccountAddress address={address} />)
