import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { configureApi } from './lib/api/client'
import { loadConfig } from './lib/config'
import './lib/i18n'
import './styles.css'
import { App } from './app/provider'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

void loadConfig().then((config) => {
  configureApi({ baseUrl: config.apiBaseUrl })
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
