import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useProductName } from '@/lib/branding'
import { getConfig } from '@/lib/config'

/**
 * The top of every page: the link past it to the page's content, then the portal's name and
 * logo (the organisation's where it set them; a link home, with the area it names) and what
 * the header holds besides.
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
  const name = useProductName()
  const { logo } = getConfig().branding
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="header">
        <div className="header__inner">
          <Link to={home} className="brand">
            {logo ? (
              // The logo says the name; the name beside it is for the eye alone, not said twice.
              <img
                className="brand__logo"
                src={logo.url}
                alt={name}
                width={logo.size?.width}
                height={logo.size?.height}
              />
            ) : (
              <span className="brand__mark" aria-hidden="true" />
            )}
            <span className="brand__name" aria-hidden={logo ? true : undefined}>
              {name}
            </span>
            {area}
          </Link>
          {children}
        </div>
      </header>
    </>
  )
}
