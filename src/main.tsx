import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { setUpMicrosoftRenewal } from '@/features/auth/microsoft/revival'
import { loadConfig } from '@/lib/config'
import { i18nReady } from '@/lib/i18n'
import { session } from '@/lib/session'
import '@/styles/index.css'
import { pageOf, routeObjects } from '@/app/router'
import { reportRouteError, reportStartErrors } from '@/app/client-errors'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

// A disabled link per sheet the page holds, so that Vite's loader does not fetch it for a route;
// made here, as Chromium fetches a disabled link that comes in the page's markup.
for (const { dataset } of document.querySelectorAll<HTMLElement>('style[data-href]')) {
  const link = { rel: 'stylesheet', disabled: true, href: dataset.href ?? '' }
  document.head.append(Object.assign(document.createElement('link'), link))
}

// Microsoft's sessions renew silently: set up before the first request, so its answer finds it.
setUpMicrosoftRenewal()

await Promise.all([loadConfig(), i18nReady])
const router = createBrowserRouter(routeObjects)
// The guards and loaders run first; the loaders start the data, so the screen renders as drawn.
const initialized = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve()
  const stop = router.subscribe((state) => {
    if (!state.initialized) return
    stop()
    resolve()
  })
})
// A session that starts or ends sends the guards round again. A change during the start (an open
// tab hands its session over) waits for it, so that the first navigation does not swallow it.
let signedIn = session.isSignedIn()
session.subscribe(() => {
  if (signedIn === session.isSignedIn()) return
  signedIn = session.isSignedIn()
  void initialized.then(() => router.revalidate())
})
await initialized
// The first navigation's errors came before RouterProvider, whose onError hears the later ones.
reportStartErrors(router.state)
const app = (
  <StrictMode>
    <RouterProvider router={router} onError={reportRouteError} />
  </StrictMode>
)
// A page drawn for another screen, or whose first answers came before its code, is drawn anew.
// Without a loader no answers come: the sign-in page's code stays without TanStack Query.
const reads = router.state.matches.some((match) => match.route.loader)
const queries = reads ? (await import('@/app/query-client')).queryClient.getQueryCache() : null
const answered = () => queries?.getAll().some((query) => query.state.status !== 'pending') ?? false
// As a transition (as the router's updates are), React renders in slices, the browser free between.
startTransition(() => {
  if (root.dataset.page === pageOf(router.state, session.isSignedIn()) && !answered()) {
    hydrateRoot(root, app, {
      // Answers that came meanwhile make React draw the page anew; any other mismatch is a defect.
      onRecoverableError: (error) => {
        if (!answered()) reportError(error)
      },
    })
  } else createRoot(root).render(app)
})
