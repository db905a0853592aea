import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/**
 * The top of every page: the link past it to the page's content, then the product's name (a
 * link home, with the area it names) and what the header holds besides.
 */
export function Masthead({
  home,
  area,
  children,
}: {
  home: string
  area?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="header">
        <div className="header__inner">
          <Link to={home} className="brand">
            <span className="brand__mark" aria-hidden="true" />
            {t('product.name')}
            {area}
          </Link>
          {children}
        </div>
      </header>
    </>
  )
}
