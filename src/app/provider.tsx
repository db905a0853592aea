import { BrowserRouter } from 'react-router'
import { AppRoutes } from './router'

/**
 * Without transitions, a change of address renders at once: search boxes and filters keep their
 * state in the address, and two quick changes must each start from the one before, not from an
 * address that is still waiting to render. A screen still loading shows its placeholder.
 */
export function App() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  )
}
