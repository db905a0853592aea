import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'

/** Every page, with the description and, where JavaScript is blocked, why nothing loads. */
export function Root() {
  const { t } = useTranslation()
  // The drawn page is inert until React has taken it over (effects follow the first render).
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), [])
  return (
    <>
      <meta name="description" content={t('product.description')} />
      <noscript>
        <p className="noscript">{t('status.noScript')}</p>
      </noscript>
      <Outlet />
    </>
  )
}
