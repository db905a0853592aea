import { useTranslation } from 'react-i18next'
import { useErrorMessage } from '@/lib/api/error-message'
import { Alert } from './alert'
import { Button } from './button'

/** A failed load in place of the content it should have shown, with a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation()
  const message = useErrorMessage()
  return (
    <Alert tone="error" title={t('routeError.title')}>
      <p>{message(error)}</p>
      {onRetry && <Button onClick={onRetry}>{t('actions.retry')}</Button>}
    </Alert>
  )
}
