import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { LiveNews } from '@/components/live'
import { useErrorMessage } from '@/lib/api/error-message'
import { MicrosoftSignInError, type MicrosoftFailureReason } from './failure'

const TEXTS = {
  unknownAccount: {
    title: 'microsoft.unknownAccount.title',
    body: 'microsoft.unknownAccount.body',
  },
  wrongTenant: { title: 'microsoft.wrongTenant.title', body: 'microsoft.wrongTenant.body' },
  unreachable: { title: 'microsoft.unreachable.title', body: 'microsoft.unreachable.body' },
  failed: { title: 'microsoft.failed.title', body: 'microsoft.failed.body' },
} as const satisfies Record<Exclude<MicrosoftFailureReason, 'cancelled'>, object>

/**
 * What went wrong with the sign-in with Microsoft, and the way on: try again with the button
 * above, or, when the account was the wrong one, with another account.
 */
export function MicrosoftFailure({
  failure,
  onAnotherAccount,
}: {
  failure: unknown
  onAnotherAccount: () => void
}) {
  const { t } = useTranslation('auth')
  const errorText = useErrorMessage()
  if (!(failure instanceof MicrosoftSignInError)) {
    return (
      <Alert tone="error" className="microsoft-sign-in__failure">
        <p>{errorText(failure)}</p>
      </Alert>
    )
  }
  const { reason, account, code } = failure
  if (reason === 'cancelled') {
    return (
      <Alert tone="warning" className="microsoft-sign-in__failure">
        <LiveNews role="alert">{t('microsoft.cancelled')}</LiveNews>
      </Alert>
    )
  }
  const another = reason === 'unknownAccount' || reason === 'wrongTenant'
  const title = t(`microsoft.${reason}.title`)
  const words = (
    <>
      <p>
        {reason === 'unknownAccount' && account
          ? t('microsoft.unknownAccount.bodyNamed', { account })
          : t(TEXTS[reason].body)}
      </p>
      {reason === 'failed' && code && (
        <p className="microsoft-sign-in__code">{t('microsoft.failed.code', { code })}</p>
      )}
    </>
  )
  if (!another) {
    return (
      <Alert tone="error" className="microsoft-sign-in__failure" title={title}>
        {words}
      </Alert>
    )
  }
  // The alert holds the failure's words alone, "Use another account" beside them in the same
  // box: in it, the button would be read out with them ("… Use another account").
  return (
    <Alert tone="error" className="microsoft-sign-in__failure" announced={false}>
      <LiveNews role="alert" as="div">
        <p className="alert__title">{title}</p>
        {words}
      </LiveNews>
      <Button variant="secondary" onClick={onAnotherAccount}>
        {t('microsoft.anotherAccount')}
      </Button>
    </Alert>
  )
}
