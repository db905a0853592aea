import { useTranslation } from 'react-i18next'
import { Skeleton } from '../components/skeleton'

/**
 * What shows while the first page's code and data load: the header bar and a placeholder, so
 * the portal paints at once instead of staying blank until the page is complete.
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
