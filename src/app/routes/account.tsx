import { AccountPage } from '../../features/account/account-page'
import { ChangePasswordForm } from '../../features/password/change-password-form'

export function Component() {
  return <AccountPage passwordSection={<ChangePasswordForm />} />
}
