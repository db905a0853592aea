import { useQueryClient } from '@tanstack/react-query'
import { AccountScreen } from '@/features/account/account-screen'
import { ChangePasswordForm } from '@/features/password/change-password-form'
import { AccountRecords } from '@/features/records/account-records'
import { accountRecordsQuery, recordKeys } from '@/features/records/api'
import { getConfig } from '@/lib/config'
import { startQuery } from '@/app/start-queries'

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
  const queryClient = useQueryClient()
  const records = getConfig().records
  return (
    <AccountScreen
      passwordSection={
        <ChangePasswordForm
          // A new password signs the account's other browsers out (docs/security.md, Sessions).
          othersSignedOut={records}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: recordKeys.account() })}
        />
      }
      recordsSection={<AccountRecords />}
    />
  )
}
