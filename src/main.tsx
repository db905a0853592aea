import './lib/zod-config'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { configureApi } from './lib/api/client'
import { loadConfig } from './lib/config'
import { i18nReady } from './lib/i18n'
import './styles.css'
import { App } from './app/provider'
import { preloadScreen } from './app/router'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

preloadScreen(window.location.pathname)

// The settings and the texts of the detected language arrive side by side before the first paint.
void Promise.all([loadConfig(), i18nReady]).then(([config]) => {
  configureApi({ baseUrl: config.apiBaseUrl })
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
