import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, Outlet, useLocation } from 'react-router'
import { LanguageSwitcher } from '../components/language-switcher'
import { ThemeSwitcher } from '../components/theme-switcher'
import { SessionTimeout } from '../features/auth/session-timeout'
import { currentUserQuery } from '../lib/api/queries/user'
import { Toaster } from '../components/toaster'
import { isAdminPath, paths } from '../lib/paths'
import { useSession } from '../lib/session'
import { signOut } from '../lib/sign-out'
import { Footer } from './footer'
import { Masthead } from './masthead'
import { useFocusOnNavigate } from './use-focus-on-navigate'

/** The signed-in frame: header with navigation, language and sign-out; the page; the footer. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  const location = useLocation()
  const [menuFor, setMenuFor] = useState<string | null>(null)
  // The theme is kept per user: their id comes with their record.
  const user = useQuery(currentUserQuery()).data?.sid
  // The phone menu closes by itself when the page changes.
  const menuOpen = menuFor === location.pathname
  useFocusOnNavigate()
  // The frame is shared by both areas; the address, else the role, picks the menu.
  const { role } = useSession()
  const admin = isAdminPath(location.pathname) || role === 'admin'

  const items = admin
    ? [
        { to: paths.adminUsers(), label: t('nav.users') },
        { to: paths.adminDevices(), label: t('nav.devices') },
      ]
    : [
        { to: paths.devices(), label: t('nav.devices') },
        { to: paths.apps(), label: t('nav.apps') },
        { to: paths.enroll(), label: t('nav.enroll') },
        { to: paths.account(), label: t('nav.account') },
      ]

  return (
    <div className="shell">
      <Masthead
        home={admin ? paths.adminUsers() : paths.devices()}
        area={admin && <span className="brand__area">{t('nav.helpDesk')}</span>}
      >
        <button
          type="button"
          className="button button--ghost header__menu"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuFor(menuOpen ? null : location.pathname)}
        >
          {t('nav.menu')}
        </button>
        <nav
          id="main-nav"
          className={menuOpen ? 'nav nav--open' : 'nav'}
          aria-label={t('nav.label')}
        >
          <ul className="nav__list">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav__tools">
            <LanguageSwitcher />
            <ThemeSwitcher user={user} />
            <button type="button" className="button button--secondary" onClick={signOut}>
              {t('nav.signOut')}
            </button>
          </div>
        </nav>
      </Masthead>
      <main id="main" className="main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <Footer />
      <Toaster />
      <SessionTimeout />
    </div>
  )
}
