import { useTranslation } from 'react-i18next'

/** Placeholder rows while data loads; screen readers hear one "Loading…". */
export function Skeleton({ rows = 3, className }: { rows?: number; className?: string }) {
  const { t } = useTranslation()
  return (
    <div className={['skeleton', className].filter(Boolean).join(' ')} role="status">
      <span className="visually-hidden">{t('status.loading')}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton__row" aria-hidden="true" />
      ))}
    </div>
  )
}
