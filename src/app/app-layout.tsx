import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, Outlet, useLocation } from 'react-router'
import { SessionTimeout } from '@/features/auth/session/session-timeout'
import { Toaster } from '@/components/toaster'
import { useInHelpDesk } from '@/entities/user/helpdesk-role'
import { getConfig } from '@/lib/config'
import { paths } from '@/lib/paths'
import { AccountMenu } from './account-menu'
import { Footer } from './footer'
import { Masthead } from './masthead'
import { useDismiss } from './use-dismiss'
import { useFocusOnNavigate } from './use-focus-on-navigate'
import { NavigationProgress, usePendingNavigation } from './navigation-progress'

/** The signed-in frame: header with navigation and the account's menu; the page; the footer. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  const location = useLocation()
  const [menuFor, setMenuFor] = useState<string | null>(null)
  // The phone menu closes by itself when the page changes.
  const menuOpen = menuFor === location.pathname
  const toggleRef = useRef<HTMLButtonElement>(null)
  const navRef = useRef<HTMLElement>(null)
  useDismiss(menuOpen, () => setMenuFor(null), [toggleRef, navRef], toggleRef)
  useFocusOnNavigate()
  const pending = usePendingNavigation()
  // The frame is shared by both areas; the address, else the role, picks the menu.
  const admin = useInHelpDesk()

  const items = admin
    ? [
        { to: paths.adminUsers(), label: t('nav.users') },
        { to: paths.adminDevices(), label: t('nav.devices') },
        // Every role may read the activity; without the portal's records there is none.
        ...(getConfig().records ? [{ to: paths.adminActivity(), label: t('nav.activity') }] : []),
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
          ref={toggleRef}
          type="button"
          className="button button--ghost header__menu"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuFor(menuOpen ? null : location.pathname)}
        >
          {t('nav.menu')}
        </button>
        <nav
          ref={navRef}
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
          <AccountMenu admin={admin} />
        </nav>
      </Masthead>
      <NavigationProgress pending={pending} />
      <main id="main" className="main" tabIndex={-1} aria-busy={pending || undefined}>
        {children ?? <Outlet />}
      </main>
      <Footer />
      <Toaster />
      <SessionTimeout />
    </div>
  )
}
