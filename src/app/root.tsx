import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'

/**
 * Every page: with JavaScript blocked, the page the server drew says why nothing loads instead of
 * showing its placeholders for ever (the browser shows a `<noscript>` only then).
 */
export function Root() {
  const { t } = useTranslation()
  // The page the server drew is inert until React has taken it over: a click or a keystroke
  // meanwhile would be lost. Effects run once the first render is in the page.
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
