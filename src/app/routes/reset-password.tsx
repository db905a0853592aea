import { useNavigate } from 'react-router'
import { signInNoticeState } from '../../features/auth/notice-state'
import { ResetPasswordPage } from '../../features/password/reset-password-page'
import { paths } from '../../lib/paths'
import { QueryProvider } from '../query-provider'

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
