import { useNavigate, type LoaderFunctionArgs } from 'react-router'
import { signInNoticeState } from '@/features/auth/session/notice-state'
import { resetPasswordInfoQuery } from '@/features/password/api'
import { ResetPasswordScreen } from '@/features/password/reset/reset-password-screen'
import { openingToken } from '@/features/password/reset/reset-link-address'
import { paths } from '@/lib/paths'
import { session } from '@/lib/session'
import { signOut } from '@/lib/sign-out'
import { QueryProvider } from '@/app/query-provider'
import { startQuery } from '@/app/start-queries'

/** Whose link it is, asked for as the page opens. */
export function loader({ request }: LoaderFunctionArgs) {
  const token = openingToken(new URL(request.url).search)
  if (token) startQuery(resetPasswordInfoQuery(token))
  return null
}

/** After the password is set, sign-in follows; after an invitation, sign-in leads on to enrollment. */
export function Component() {
  const navigate = useNavigate()
  return (
    <QueryProvider>
      <ResetPasswordScreen
        onDone={(join, email) => {
          // The new password is for the link's account: this browser signs in with it afresh.
          if (session.isSignedIn()) signOut()
          void navigate(join ? paths.login(paths.enroll()) : paths.login(), {
            replace: true,
            state: signInNoticeState(join ? 'passwordSet' : 'passwordReset', email),
          })
        }}
      />
    </QueryProvider>
  )
}
