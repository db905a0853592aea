import { useLocation } from 'react-router'
import { readSignInEmail, readSignInNotice } from '@/features/auth/session/notice-state'
import { prepareSignInScreen, SignInScreen } from '@/features/auth/sign-in/sign-in-screen'
import { useSession } from '@/lib/session'

// Sign-in with Microsoft, where the settings have it, is there before the page first shows.
await prepareSignInScreen()

/** Once signed in, the public area's guard leads on to where the user was going. */
export function Component() {
  const { ended } = useSession()
  const location = useLocation()
  return (
    <SignInScreen
      notice={readSignInNotice(location.state) ?? ended}
      email={readSignInEmail(location.state)}
    />
  )
}
