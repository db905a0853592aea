import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'

/**
 * Every page: with JavaScript blocked, the page the server drew says why nothing loads instead of
 * showing its placeholders for ever (the browser shows a `<noscript>` only then).
 */
export function Root() {
  const { t } = useTranslation()
  return (
    <>
      <noscript>
        <p className="noscript">{t('status.noScript')}</p>
      </noscript>
      <Outlet />
    </>
  )
}
