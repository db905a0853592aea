/**
 * The second floor of the size benchmark: the libraries every screen of the portal stands on
 * (React Router's data router, TanStack Query, i18next with react-i18next), used the way the
 * portal's shell uses them, with no code or text of ours. The portal's figure minus this one is
 * what our own code and locales cost.
 */
import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  useMutation,
} from '@tanstack/react-query'
import i18n from 'i18next'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { initReactI18next, useTranslation } from 'react-i18next'
import {
  createBrowserRouter,
  Link,
  NavLink,
  Outlet,
  RouterProvider,
  useNavigation,
} from 'react-router'

void i18n.use(initReactI18next).init({
  resources: { en: { common: { title: 'Stack floor', home: 'Home' } } },
  lng: 'en',
  defaultNS: 'common',
  initAsync: false,
})

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: () => undefined }),
  mutationCache: new MutationCache({ onSuccess: () => undefined }),
})

function Layout() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const mutation = useMutation({ mutationFn: async () => navigation.state })
  return (
    <main aria-busy={navigation.state === 'loading'}>
      <h1>{t('title')}</h1>
      <NavLink to="/">{t('home')}</NavLink>
      <Link to="/" onClick={() => mutation.mutate()}>
        {t('home')}
      </Link>
      <Outlet />
    </main>
  )
}

const router = createBrowserRouter([
  {
    Component: Layout,
    middleware: [async () => undefined],
    children: [{ path: '*', loader: async () => null, Component: () => null }],
  },
])

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
