import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { loadConfig } from './lib/config'
import { i18nReady } from './lib/i18n'
import './styles/index.css'
import { App } from './app/provider'
import { isSignedInPath, preloadScreen } from './app/router'
import { setUpMicrosoftRenewal } from './features/auth/microsoft/revival'
import { session } from './lib/session'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

// The settings, the texts of the detected language and the first screen arrive side by side
// before the first render, so the page appears whole instead of through placeholders. A new tab
// of the signed-in area first asks the open tabs for their session, so it shows no sign-in page.
const { pathname } = window.location
const joined = isSignedInPath(pathname) ? session.join() : undefined
void Promise.all([loadConfig(), i18nReady, preloadScreen(pathname), joined]).then(() => {
  setUpMicrosoftRenewal()
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
