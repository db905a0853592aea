import { ForgotPasswordScreen } from '../../features/password/forgot-password-screen'
import { QueryProvider } from '../query-provider'

export function Component() {
  return (
    <QueryProvider>
      <ForgotPasswordScreen />
    </QueryProvider>
  )
}
