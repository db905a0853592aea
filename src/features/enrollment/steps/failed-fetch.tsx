import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { useErrorMessage } from '@/lib/api/error-message'
import { useFocusHandedOn } from '@/lib/use-focus-handed-on'

/**
 * A fetch of the profile that failed, with a retry. The retry leaves with the message once it is
 * pressed: its focus goes on to `next`, the button that fetches, rather than to the document.
 */
export function FailedFetch({
  title,
  error,
  onRetry,
  next,
  className,
}: {
  title: string
  error: unknown
  onRetry: () => void
  next: RefObject<HTMLButtonElement | null>
  className?: string
}) {
  const { t } = useTranslation('common')
  const message = useErrorMessage()
  const retry = useFocusHandedOn<HTMLButtonElement>(next)
  return (
    <Alert tone="error" title={title} className={className}>
      <p>{message(error)}</p>
      <Button ref={retry} onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  )
}
