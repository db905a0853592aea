import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '@/components/error-state'
import { Screen } from '@/components/screen'
import { Skeleton } from '@/components/skeleton'
import { EnrollWizard } from '@/features/enrollment/enroll-wizard'
import { deviceListQuery } from '@/entities/device/queries'
import { currentUserQuery } from '@/entities/user/queries'
import { startQuery } from '@/app/start-queries'

/**
 * The wizard waits for the user record (the frame's loader asks for it); the device list is
 * needed only later, to recognise the new device, so it is asked for alongside.
 */
export function loader() {
  startQuery(deviceListQuery())
  return null
}

/**
 * Until the user's record is there: the heading and placeholders, as the server draws them. A
 * record that could not be read is said so here, and read again by the retry, as other screens do.
 */
export function Component() {
  const { t } = useTranslation('enrollment')
  const user = useQuery(currentUserQuery())
  if (user.isPending) {
    return (
      <Screen title={t('title')} lead={t('lead')}>
        <Skeleton rows={4} />
      </Screen>
    )
  }
  if (user.isError) {
    return (
      <Screen title={t('title')} lead={t('lead')}>
        <ErrorState error={user.error} onRetry={() => void user.refetch()} />
      </Screen>
    )
  }
  return <EnrollWizard user={user.data} refetchUser={user.refetch} />
}
