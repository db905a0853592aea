import { useTranslation } from 'react-i18next'
import { Link, Outlet } from 'react-router'
import { LanguageSwitcher } from '../components/language-switcher'
import { paths } from '../lib/paths'
import { Footer } from './footer'
import { useFocusOnNavigate } from './use-focus-on-navigate'

/** The frame of the pages before sign-in: product name, language, and the page in a card. */
export function PublicLayout() {
  const { t } = useTranslation()
  useFocusOnNavigate()
  return (
    <div className="shell shell--public">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="header">
        <div className="header__inner">
          <Link to={paths.login()} className="brand">
            <span className="brand__mark" aria-hidden="true" />
            {t('product.name')}
          </Link>
          <LanguageSwitcher className="header__language" labelHidden="onPhone" />
        </div>
      </header>
      <main id="main" className="main main--public" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  )
}
