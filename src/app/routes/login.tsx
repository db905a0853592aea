import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { readSignInNotice } from '../../features/auth/notice-state'
import { SignInPage } from '../../features/auth/sign-in-page'
import { safeReturnPath } from '../../lib/paths'
import { useSession } from '../../lib/session'

export function Component() {
  const { ended } = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  return (
    <SignInPage
      notice={readSignInNotice(location.state) ?? ended}
      onSignedIn={() => void navigate(safeReturnPath(params.get('from')), { replace: true })}
    />
  )
}
