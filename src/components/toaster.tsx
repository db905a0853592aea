import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toaster, useToasts, type Toast } from '@/lib/toast'

const TOAST_MS = 8000

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation()
  useEffect(() => {
    const timer = setTimeout(() => toaster.dismiss(toast.id), TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast.id])
  return (
    <li className="toast">
      <span>{toast.message}</span>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => toaster.dismiss(toast.id)}
      >
        {t('actions.dismiss')}
      </button>
    </li>
  )
}

export function Toaster() {
  const { t } = useTranslation()
  const toasts = useToasts()
  return (
    <section className="toaster" aria-label={t('toast.region')} aria-live="polite">
      <ul>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ul>
    </section>
  )
}
