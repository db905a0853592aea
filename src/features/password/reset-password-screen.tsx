import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '../../components/error-state'
import { Screen } from '../../components/screen'
import { Skeleton } from '../../components/skeleton'
import { resetPasswordInfoQuery } from './api'
import { InvalidLink } from './invalid-link'
import { ResetPasswordForm } from './reset-password-form'
import { isDeadLink } from './server-field'
import { useResetLink } from './use-reset-link'
import './password.css'

/**
 * The page behind the link in a reset or invitation e-mail: it greets the user by name and sets
 * the password; `onDone` leads on to sign-in.
 */
export function ResetPasswordScreen({
  onDone,
}: {
  onDone: (join: boolean, email: string | null) => void
}) {
  const { token, join, email } = useResetLink()
  if (!token) return <InvalidLink />
  return <ResetWithToken key={token} token={token} join={join} onDone={() => onDone(join, email)} />
}

function ResetWithToken({
  token,
  join,
  onDone,
}: {
  token: string
  join: boolean
  onDone: () => void
}) {
  const { t } = useTranslation('password')
  const info = useQuery(resetPasswordInfoQuery(token))
  const title = join ? t('reset.titleJoin') : t('reset.titleReset')

  if (info.isError && isDeadLink(info.error)) return <InvalidLink />
  return (
    <div className="card password-page">
      {info.isPending && (
        <Screen title={title}>
          <Skeleton rows={2} className="password-page__skeleton" />
        </Screen>
      )}
      {info.isError && (
        <Screen title={title}>
          <ErrorState error={info.error} onRetry={() => void info.refetch()} />
        </Screen>
      )}
      {info.isSuccess && (
        <ResetPasswordForm
          token={token}
          join={join}
          name={info.data.displayname ?? null}
          onDone={onDone}
        />
      )}
    </div>
  )
}
