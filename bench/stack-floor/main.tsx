/**
 * The second floor of the size benchmark: the libraries the portal's first page stands on
 * (React Router in declarative mode, i18next with react-i18next, react-error-boundary), used the
 * way the portal's shell uses them, with no code or text of ours. The sign-in figure minus this
 * one is what our own code and locales cost. TanStack Query and zod are not in it: the portal
 * loads them with the screens that need them, never with the sign-in page.
 */
import i18n from 'i18next'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { ErrorBoundary } from 'react-error-boundary'
import { initReactI18next, useTranslation } from 'react-i18next'
import {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useRoutes,
  useSearchParams,
} from 'react-router'

void i18n.use(initReactI18next).init({
  resources: { en: { common: { title: 'Stack floor', home: 'Home' } } },
  lng: 'en',
  defaultNS: 'common',
  initAsync: false,
})

const Screen = lazy(async () => ({ default: () => null }))

function Layout() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  if (params.has('away')) return <Navigate to="/" replace />
  return (
    <main>
      <h1>{t('title')}</h1>
      <NavLink to="/">{t('home')}</NavLink>
      <Link to={pathname}>{t('home')}</Link>
      <ErrorBoundary fallback={null} resetKeys={[pathname]}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </main>
  )
}

function Routes() {
  return useRoutes([{ element: <Layout />, children: [{ path: '*', element: <Screen /> }] }])
}

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Routes />
    </BrowserRouter>
  </StrictMode>,
)
