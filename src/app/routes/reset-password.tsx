import { useNavigate } from 'react-router'
import { signInNoticeState } from '../../features/auth/notice-state'
import { resetPasswordInfoQuery } from '../../features/password/api'
import { ResetPasswordPage } from '../../features/password/reset-password-page'
import { openingToken } from '../../features/password/use-reset-link'
import { paths } from '../../lib/paths'
import { queryClient } from '../query-client'
import { QueryProvider } from '../query-provider'
import type { ScreenAddress } from '../router'

/** Whose link it is, asked for while the portal starts, so the form is drawn once, filled in. */
export function preload({ search }: ScreenAddress) {
  const token = openingToken(search)
  return token ? queryClient.prefetchQuery(resetPasswordInfoQuery(token)) : undefined
}

/** After the password is set, sign-in follows; after an invitation, sign-in leads on to enrollment. */
export function Component() {
  const navigate = useNavigate()
  return (
    <QueryProvider>
      <ResetPasswordPage
        onDone={(join, email) =>
          void navigate(join ? paths.login(paths.enroll()) : paths.login(), {
            replace: true,
            state: signInNoticeState(join ? 'passwordSet' : 'passwordReset', email),
          })
        }
      />
    </QueryProvider>
  )
}
