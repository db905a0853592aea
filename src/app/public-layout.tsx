import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { LanguageSwitcher } from '../components/language-switcher'
import { paths } from '../lib/paths'
import { Footer } from './footer'
import { Masthead } from './masthead'
import { useFocusOnNavigate } from './use-focus-on-navigate'

/** The frame of the pages before sign-in: product name, language, and the page in a card. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  useFocusOnNavigate()
  return (
    <div className="shell shell--public">
      <Masthead home={paths.login()}>
        <LanguageSwitcher className="header__language" labelHidden="onPhone" />
      </Masthead>
      <main id="main" className="main main--public" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  )
}
