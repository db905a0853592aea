/**
 * The floor of the size benchmark: React 19 and ReactDOM rendering one element, nothing else.
 * Whatever the portal ships on top of this is ours to justify.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

createRoot(root).render(
  <StrictMode>
    <h1>Bare React</h1>
  </StrictMode>,
)
