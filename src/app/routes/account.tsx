import { AccountPage } from '../../features/account/account-page'
import { ChangePasswordForm } from '../../features/password/change-password-form'
import { currentUserQuery } from '../../lib/api/queries/user'
import { queryClient } from '../query-client'

export async function loader() {
  await queryClient.ensureQueryData(currentUserQuery())
  return null
}

export function Component() {
  return <AccountPage passwordSection={<ChangePasswordForm />} />
}
