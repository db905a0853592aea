import { useContext, useEffect } from 'react'
import type { FallbackProps } from 'react-error-boundary'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useRevalidator, useRouteError } from 'react-router'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { Screen } from '@/components/screen'
import { isApiError, isSessionRefusal } from '@/lib/api/api-error'
import { useErrorMessage } from '@/lib/api/error-message'
import { isCodeNotLoaded, loadCodeAgain } from '@/lib/lazy-part'
import { HomeLink } from './home-link'
import { RetryReadsContext } from './retry-reads'

/** What a screen shows when it fails: what went wrong, in words, and a way to try again. */
function RouteError({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation()
  const message = useErrorMessage()
  const codeNotLoaded = isCodeNotLoaded(error)
  // Screens outside the signed-in area may have no server state to read again.
  const retryReads = useContext(RetryReadsContext)

  function retry() {
    // A screen whose code did not arrive (an update was deployed, the network dropped) is
    // fetched again with the whole page; otherwise its failed reads are asked for again.
    if (!isApiError(error)) {
      window.location.reload()
      return
    }
    retryReads?.()
    resetErrorBoundary()
  }

  // The session ended: the guards are on their way to sign-in, which says so.
  if (isSessionRefusal(error)) return null
  return (
    <Screen title={t('routeError.title')} narrow>
      <Alert tone="error">
        <p>
          {codeNotLoaded
            ? // Offline, the connection; online, most likely files an update replaced.
              navigator.onLine
              ? t('routeError.codeNotLoaded')
              : t('kind.network', { ns: 'errors' })
            : isApiError(error)
              ? message(error)
              : t('routeError.body')}
        </p>
      </Alert>
      <div className="button-row">
        <Button variant="primary" onClick={retry}>
          {t('actions.retry')}
        </Button>
        <HomeLink />
      </div>
    </Screen>
  )
}

/** The routes' error boundary: a failed loader, a screen's code that did not arrive, a render. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const { revalidate } = useRevalidator()
  const navigate = useNavigate()
  const location = useLocation()
  const codeNotLoaded = isCodeNotLoaded(error)
  // Code that did not arrive for want of a connection is asked for again once it is back: the
  // same address entered anew, in place, has the route drawn again.
  useEffect(() => {
    if (!codeNotLoaded) return
    function again() {
      loadCodeAgain()
      void navigate(location, { replace: true, state: location.state as unknown })
    }
    window.addEventListener('online', again)
    return () => window.removeEventListener('online', again)
  }, [codeNotLoaded, navigate, location])
  return <RouteError error={error} resetErrorBoundary={() => void revalidate()} />
}
