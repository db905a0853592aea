import { ForgotPasswordPage } from '../../features/password/forgot-password-page'
import { QueryProvider } from '../query-provider'

export function Component() {
  return (
    <QueryProvider>
      <ForgotPasswordPage />
    </QueryProvider>
  )
}
