import { useTranslation } from 'react-i18next'
import { isApiError } from '@/lib/api/api-error'
import { useErrorMessage } from '@/lib/api/error-message'
import { useFocusHandedOn } from '@/lib/use-focus-handed-on'
import { Alert } from './alert'
import { Button } from './button'

/** A failed load in place of the content it should have shown, with a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation()
  const message = useErrorMessage()
  // A retry that worked replaces this message, button and all: its focus goes to the content's
  // landmark (the page's main, focusable as after a navigation), without scrolling.
  const retry = useFocusHandedOn<HTMLButtonElement>()
  // A read refused because the session ended: the sign-in page is on its way and says so; the
  // page it replaces would only show a failure for the moment it has left.
  if (isApiError(error) && error.kind === 'unauthorized') return null
  return (
    <Alert tone="error" title={t('routeError.title')}>
      <p>{message(error)}</p>
      {onRetry && (
        <Button ref={retry} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      )}
    </Alert>
  )
}
