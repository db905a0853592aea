import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { LanguageSwitcher } from '@/components/language-switcher'
import { paths } from '@/lib/paths'
import { Footer } from './footer'
import { Masthead } from './masthead'
import { useFocusOnNavigate } from './use-focus-on-navigate'
import { NavigationProgress, usePendingNavigation } from './navigation-progress'

/** The frame of the pages before sign-in: product name, language, and the page in a card. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  useFocusOnNavigate()
  const pending = usePendingNavigation()
  return (
    <div className="shell shell--public">
      <Masthead home={paths.login()}>
        <LanguageSwitcher className="header__language" labelHidden="onPhone" />
      </Masthead>
      <NavigationProgress pending={pending} />
      <main id="main" className="main main--public" tabIndex={-1} aria-busy={pending || undefined}>
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  )
}
