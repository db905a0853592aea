import { ForgotPasswordScreen } from '@/features/password/reset/forgot-password-screen'
import { QueryProvider } from '@/app/query-provider'

export function Component() {
  return (
    <QueryProvider>
      <ForgotPasswordScreen />
    </QueryProvider>
  )
}
