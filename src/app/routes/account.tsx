import { AccountPage } from '../../features/account/account-page'
import { ChangePasswordForm } from '../../features/password/change-password-form'
import { AccountRecords } from '../../features/records/account-records'

export function Component() {
  return (
    <AccountPage passwordSection={<ChangePasswordForm />} recordsSection={<AccountRecords />} />
  )
}
