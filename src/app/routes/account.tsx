import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Screen } from '../../components/screen'
import { Skeleton } from '../../components/skeleton'
import { AccountScreen } from '../../features/account/account-screen'
import { ChangePasswordForm } from '../../features/password/change-password-form'
import { currentUserQuery } from '../../entities/user/queries'
import { AccountRecords } from '../../features/records/account-records'

/**
 * The page opens on its heading and placeholders until the user's record (the frame's loader
 * asks for it) is there, as the server draws it before the portal starts.
 */
export function Component() {
  const { t } = useTranslation('account')
  const user = useQuery(currentUserQuery())
  if (user.isPending) {
    return (
      <Screen title={t('title')} lead={t('lead')}>
        <Skeleton rows={4} />
      </Screen>
    )
  }
  return (
    <AccountScreen passwordSection={<ChangePasswordForm />} recordsSection={<AccountRecords />} />
  )
}
