/**
 * The second floor of the size benchmark: the libraries the portal's sign-in page stands on, used
 * the way the portal uses them, with no code or text of ours: React Router in data mode
 * (`createBrowserRouter`, middleware, lazily loaded routes), i18next with
 * react-i18next, react-error-boundary. The sign-in figure minus this one is what our own code
 * and texts cost. TanStack Query and zod are not in it: a sign-in page could do without them.
 */
import i18n from 'i18next'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ErrorBoundary } from 'react-error-boundary'
import { initReactI18next, useTranslation } from 'react-i18next'
import {
  createBrowserRouter,
  Link,
  NavLink,
  Outlet,
  redirect,
  useLocation,
  useNavigate,
  useSearchParams,
  type MiddlewareFunction,
} from 'react-router'
import { RouterProvider } from 'react-router/dom'

void i18n.use(initReactI18next).init({
  // Keys of the portal's own namespace, which its typed `t()` knows (src/lib/i18next.d.ts).
  resources: { en: { common: { product: { name: 'Stack floor' }, actions: { back: 'Home' } } } },
  lng: 'en',
  defaultNS: 'common',
  initAsync: false,
})

const guard: MiddlewareFunction = ({ request }) => {
  if (new URL(request.url).searchParams.has('away')) throw redirect('/')
}

function Layout() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  return (
    <main>
      <h1>{t('product.name')}</h1>
      <NavLink to="/">{t('actions.back')}</NavLink>
      <Link to={pathname}>{t('actions.back')}</Link>
      <button type="button" onClick={() => navigate(`/?${params.toString()}`)}>
        {t('actions.back')}
      </button>
      <ErrorBoundary fallback={null} resetKeys={[pathname]}>
        <Outlet />
      </ErrorBoundary>
    </main>
  )
}

const router = createBrowserRouter([
  {
    Component: Layout,
    middleware: [guard],
    children: [{ path: '*', lazy: async () => ({ Component: () => null }) }],
  },
])

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
