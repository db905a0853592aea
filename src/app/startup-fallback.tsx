import { useTranslation } from 'react-i18next'
import { Skeleton } from '../components/skeleton'

/**
 * What shows while the signed-in frame's code loads (on the first signed-in page): the header
 * bar and a placeholder, so the portal paints at once and the header does not jump.
 */
export function StartupFallback() {
  const { t } = useTranslation()
  return (
    <div className="shell">
      <header className="header">
        <div className="header__inner">
          <span className="brand">
            <span className="brand__mark" aria-hidden="true" />
            {t('product.name')}
          </span>
        </div>
      </header>
      <main className="main">
        <Skeleton rows={3} />
      </main>
    </div>
  )
}
