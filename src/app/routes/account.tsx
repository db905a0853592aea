import { AccountScreen } from '../../features/account/account-screen'
import { ChangePasswordForm } from '../../features/password/change-password-form'
import { AccountRecords } from '../../features/records/account-records'
import { accountRecordsQuery } from '../../features/records/api'
import { getConfig } from '../../lib/config'
import { startQuery } from '../start-queries'

/** Where the account is signed in and its recent sign-ins, when the portal keeps records. */
export function loader() {
  if (getConfig().records) startQuery(accountRecordsQuery())
  return null
}

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
