import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { loadConfig } from './lib/config'
import { i18nReady } from './lib/i18n'
import './styles/index.css'
import { App } from './app/provider'
import { isSignedInPath, preloadScreen } from './app/router'
import { session } from './lib/session'
import { warmUpFormats } from './lib/warm-up'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

// The settings, the texts of the detected language and the first screen arrive side by side
// before the first render, so the page appears whole instead of through placeholders. A new tab
// of the signed-in area first asks the open tabs for their session, so it shows no sign-in page.
// The screen's first requests start as soon as its code, the settings and the session are known.
const { pathname, search } = window.location
const signedInPath = isSignedInPath(pathname)
const joined = signedInPath ? session.join() : undefined
const config = loadConfig()
const screen = preloadScreen(
  { pathname, search },
  { ready: Promise.all([config, joined]), signedIn: session.isSignedIn },
)
// While the signed-in screens wait for their data, the formats they count and date with get ready.
if (signedInPath) warmUpFormats()
// Sessions begun with Microsoft renew themselves silently; that code comes only where the
// settings offer sign-in with Microsoft, alongside the rest of the start (if it does not arrive,
// such a session ends when its token does, like any other).
void config
  .then(async ({ microsoft }) => {
    if (!microsoft) return
    const { setUpMicrosoftRenewal } = await import('./features/auth/microsoft/revival')
    setUpMicrosoftRenewal()
  })
  .catch(() => undefined)
void Promise.all([config, i18nReady, screen, joined]).then(() => {
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread in one long task: typing and taps are answered while it runs.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  })
})
