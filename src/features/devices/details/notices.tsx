import { useTranslation } from 'react-i18next'
import type { Notice } from './use-notices'

/**
 * A polite live region that is always there, so screen readers hear "Screen locked." when the
 * device answers, without losing their place.
 */
export function Notices({
  notices,
  name,
  onDismiss,
}: {
  notices: Notice[]
  name: string
  onDismiss: (id: number) => void
}) {
  const { t } = useTranslation('devices')
  const common = useTranslation().t
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <div key={notice.id} className={`alert alert--${notice.tone} notice`}>
          {notice.tone === 'info' && <span className="spinner" aria-hidden="true" />}
          <p>{t(notice.key, { name })}</p>
          <button
            type="button"
            className="button button--ghost notice__dismiss"
            onClick={() => onDismiss(notice.id)}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{common('actions.dismiss')}</span>
          </button>
        </div>
      ))}
    </div>
  )
}
