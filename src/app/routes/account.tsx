import { AccountScreen } from '../../features/account/account-screen'
import { ChangePasswordForm } from '../../features/password/change-password-form'
import { AccountRecords } from '../../features/records/account-records'

/**
 * The page opens whole: the language, sign-out and password sections need no answer, and the
 * details card shows placeholders until the user's record (the frame's loader asks for it) is
 * there, as the server draws it before the portal starts.
 */
export function Component() {
  return (
    <AccountScreen passwordSection={<ChangePasswordForm />} recordsSection={<AccountRecords />} />
  )
}
