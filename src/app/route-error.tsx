import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router'
import { Alert } from '../components/alert'
import { Button } from '../components/button'
import { Page } from '../components/page'
import { isApiError } from '../lib/api/api-error'
import { useErrorMessage } from '../lib/api/error-message'
import { paths } from '../lib/paths'

/** The error boundary of every route: what went wrong, in words, and a way to try again. */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation()
  const message = useErrorMessage()
  const revalidator = useRevalidator()
  const queryClient = useQueryClient()

  const notFound =
    (isRouteErrorResponse(error) && error.status === 404) ||
    (isApiError(error) && error.kind === 'notFound')
  if (notFound && !isApiError(error)) {
    return (
      <Page title={t('notFound.title')} narrow>
        <p>{t('notFound.body')}</p>
        <Link to={paths.devices()}>{t('notFound.home')}</Link>
      </Page>
    )
  }
  return (
    <Page title={t('routeError.title')} narrow>
      <Alert tone="error">
        <p>{isApiError(error) ? message(error) : t('routeError.body')}</p>
      </Alert>
      <div className="button-row">
        <Button
          variant="primary"
          onClick={() => {
            void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' })
            void revalidator.revalidate()
          }}
        >
          {t('actions.retry')}
        </Button>
        <Link to={paths.devices()}>{t('notFound.home')}</Link>
      </div>
    </Page>
  )
}
