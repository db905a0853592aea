import type { ReactNode, RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { isSessionRefusal } from '@/lib/api/api-error'
import { useErrorMessage } from '@/lib/api/error-message'
import { useFocusHandedOn } from '@/lib/use-focus-handed-on'
import { Alert } from './alert'
import { Button } from './button'
import { LiveNews } from './live'

/**
 * A failed load in place of the content it should have shown, with a way to try again. `title`
 * names what failed (else "Something went wrong"); `children` say more after the failure's own
 * message; `next` is where the retry's focus goes when the message leaves (else the content's
 * landmark).
 */
export function ErrorState({
  error,
  onRetry,
  title,
  next,
  className,
  children,
}: {
  error: unknown
  onRetry?: () => void
  title?: string
  next?: RefObject<HTMLElement | null>
  className?: string
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const message = useErrorMessage()
  // A retry that worked replaces this message, button and all: its focus goes to `next` or the
  // content's landmark (the page's main, focusable as after a navigation), without scrolling.
  const retry = useFocusHandedOn<HTMLButtonElement>(next)
  // A read refused because the session ended: the sign-in page is on its way and says so; the
  // page it replaces would only show a failure for the moment it has left.
  if (isSessionRefusal(error)) return null
  const heading = title ?? t('routeError.title')
  if (!onRetry) {
    return (
      <Alert tone="error" title={heading} className={className}>
        <p>{message(error)}</p>
        {children}
      </Alert>
    )
  }
  // The alert holds the failure's words alone, its "Try again" beside them in the same box: in
  // it, the button would be read out with them ("… Try again").
  return (
    <Alert tone="error" className={className} announced={false}>
      <LiveNews role="alert" as="div">
        <p className="alert__title">{heading}</p>
        <p>{message(error)}</p>
        {children}
      </LiveNews>
      <Button ref={retry} onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  )
}
