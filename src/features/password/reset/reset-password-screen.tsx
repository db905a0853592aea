import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { resetPasswordInfoQuery } from '@/features/password/api'
import { AccountAddress } from './account-address'
import { InvalidLink } from './invalid-link'
import { ResetPasswordForm } from './reset-password-form'
import { isDeadLinkInfo } from '@/features/password/server-field'
import { useResetLink } from './use-reset-link'
import { useHydrated } from '@/lib/use-hydrated'
import '@/features/password/password.css'

/**
 * The page behind the link in a reset or invitation e-mail: it sets the password and greets the
 * user by name; `onDone` leads on to sign-in.
 */
export function ResetPasswordScreen({
  onDone,
}: {
  onDone: (join: boolean, email: string | null) => void
}) {
  const { token, join, email, drawnAccount } = useResetLink()
  return (
    <div className="card password-page">
      {token ? (
        <ResetWithToken
          key={token}
          token={token}
          join={join}
          email={email}
          drawnAccount={drawnAccount}
          onDone={() => onDone(join, email)}
        />
      ) : (
        <InvalidLink />
      )}
    </div>
  )
}

/**
 * The form takes typing at once, drawn with the page. The link's own answer brings the greeting,
 * in a line kept free for it, or shows at once that the link is used or expired. Without that
 * answer (the service unreachable) the form stays: saving says what went wrong.
 */
function ResetWithToken({
  token,
  join,
  email,
  drawnAccount,
  onDone,
}: {
  token: string
  join: boolean
  email: string | null
  /** How the server drew the account's line (use-reset-link.ts). */
  drawnAccount: 'address' | 'place' | null
  onDone: () => void
}) {
  const { t } = useTranslation('password')
  const info = useQuery(resetPasswordInfoQuery(token))
  const hydrated = useHydrated()
  if (info.isError && isDeadLinkInfo(info.error)) return <InvalidLink replacesForm />

  const name = info.data?.displayname
  const greeting = info.isPending ? (
    <span className="text-slot" aria-hidden="true" />
  ) : name ? (
    join ? (
      t('reset.welcome', { name })
    ) : (
      t('reset.hello', { name })
    )
  ) : null
  // Which account, on a line of its own, first as the server drew it (server/pages/pages.ts): the
  // address the page's address names, in the same lines, or a place that the address the tab's
  // history holds fills as the portal takes the page over.
  const account =
    email === null || (!hydrated && drawnAccount === null) ? null : (
      <AccountAddress address={hydrated || drawnAccount === 'address' ? email : null} />
    )
  return (
    <ResetPasswordForm
      token={token}
      join={join}
      greeting={greeting}
      // With the greeting: the page is drawn before the address is known, from the link or the
      // tab's history, and the form's first render matches that drawing.
      username={info.isPending ? null : email}
      account={account}
      onDone={onDone}
    />
  )
}
