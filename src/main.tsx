import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { loadConfig } from './lib/config'
import { i18nReady } from './lib/i18n'
import './styles.css'
import { App } from './app/provider'
import { preloadScreen } from './app/router'
import { setUpMicrosoftRenewal } from './features/auth/microsoft/revival'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

// The settings, the texts of the detected language and the first screen arrive side by side
// before the first render, so the page appears whole instead of through placeholders.
void Promise.all([loadConfig(), i18nReady, preloadScreen(window.location.pathname)]).then(() => {
  setUpMicrosoftRenewal()
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
