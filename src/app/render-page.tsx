import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type DataStrategyFunction,
} from 'react-router'
import { prepareSignInScreen } from '@/features/auth/sign-in/sign-in-screen'
import { productName } from '@/lib/branding'
import { setConfig } from '@/lib/config'
import { i18n, loadNamespaces, loadTextParts, type Language, type Namespace } from '@/lib/i18n'
import { pageOf, routeObjects } from './router'

const ALL_TEXTS: Namespace[] = ['password', 'devices', 'apps', 'enrollment', 'account', 'admin']

/**
 * The server knows no session (the token stays in the browser) and so runs no guard and no
 * loader: every route renders as it does before its data has come, placeholders and all.
 */
const noData: DataStrategyFunction = async ({ matches }) =>
  Object.fromEntries(
    matches
      .filter((match) => match.shouldLoad)
      .map((match) => [match.route.id, { type: 'data', result: null }]),
  )

const handler = createStaticHandler(routeObjects)

/**
 * Draws the page of an address with the portal's own components, in a language and with the
 * portal's settings: what a browser shows before the portal's code has run, and the markup the
 * portal then takes over as it starts. The server calls it once per screen and language.
 */
export async function renderPage(url: string, language: Language, settings: unknown) {
  setConfig(settings)
  await i18n.changeLanguage(language)
  await Promise.all([
    loadNamespaces(ALL_TEXTS),
    // Microsoft's texts in this language too: the sign-in screen fetches them once, in the first.
    loadTextParts(['common.frame', 'auth.microsoft']),
    prepareSignInScreen(),
  ])
  const context = await handler.query(new Request(url), { dataStrategy: noData })
  if (context instanceof Response) throw new Error(`${url} answers ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  )
  // The heading names the page, as the document title of each screen does.
  const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]*>/g, '')
  // The heading comes escaped from React; the name, set by the organisation, is escaped here.
  const product = productName().replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`)
  const title = heading ? `${heading} · ${product}` : product
  // Shown beside the drawn page should the portal's code never take it over (feedback.css).
  const stalled = i18n.t('status.stalled')
  return {
    html,
    title,
    description: i18n.t('product.description'),
    stalled,
    routes: context.matches.map((match) => match.route.id),
    // Which drawing this is, as the portal tells it on taking the page over (main.tsx).
    page: pageOf(context),
  }
}
