import { ForgotPasswordPage } from '../../features/password/forgot-password-page'

export function Component() {
  return <ForgotPasswordPage />
}
