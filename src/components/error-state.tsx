import { useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/lib/api/api-error'
import { useErrorMessage } from '@/lib/api/error-message'
import { Alert } from './alert'
import { Button } from './button'

/**
 * A retry that worked replaces this message, button and all: the focus would fall to the
 * document, and a keyboard or screen reader user would start again at its top. It goes to the
 * content's landmark instead (the page's main, focusable as after a navigation), without scrolling.
 */
function useFocusKeptOnRetry() {
  const retry = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    const button = retry.current
    return () => {
      // Runs before the button leaves the document: whether it still has the focus shows here.
      if (!button || document.activeElement !== button) return
      const landmark = button.closest<HTMLElement>('[tabindex="-1"]')
      queueMicrotask(() => {
        const lost = !document.activeElement || document.activeElement === document.body
        if (lost && landmark?.isConnected) landmark.focus({ preventScroll: true })
      })
    }
  }, [])
  return retry
}

/** A failed load in place of the content it should have shown, with a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation()
  const message = useErrorMessage()
  const retry = useFocusKeptOnRetry()
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
