import { useTranslation } from 'react-i18next'
import { useLiveInPlace } from './live'

/**
 * Placeholder rows while data loads; screen readers hear one "Loading…", let into the status a
 * moment after it appears so that it is heard (`useLiveInPlace`).
 */
export function Skeleton({
  rows = 3,
  className,
  label,
}: {
  rows?: number
  className?: string
  /** What is loading ("Loading the history…"), where "Loading…" alone would not say. */
  label?: string
}) {
  const { t } = useTranslation()
  const inPlace = useLiveInPlace()
  return (
    <div className={['skeleton', className].filter(Boolean).join(' ')} role="status">
      <span className="visually-hidden" aria-hidden={inPlace ? undefined : true}>
        {label ?? t('status.loading')}
      </span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton__row" aria-hidden="true" />
      ))}
    </div>
  )
}
