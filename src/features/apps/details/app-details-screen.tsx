import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { BackLink } from '@/components/back-link'
import { ErrorState } from '@/components/error-state'
import { Screen } from '@/components/screen'
import { Skeleton } from '@/components/skeleton'
import { isNoSuchEntity } from '@/lib/api/api-error'
import { useProductName } from '@/lib/branding'
import { deviceListQuery } from '@/entities/device/queries'
import { paths } from '@/lib/paths'
import { appQuery } from '@/entities/app/queries'
import { appName } from '@/features/apps/catalog/catalog'
import { AppBadges } from '@/features/apps/app-badges'
import { AppDeviceSection } from './app-device-section'
import { AppFacts } from './app-facts'
import { AppIcon } from '@/features/apps/app-icon'
import '@/features/apps/apps.css'

/** One app: what it is, and its state and actions on a device the user chooses. */
export function AppDetailsScreen({ appId }: { appId: string }) {
  const { t } = useTranslation('apps')
  const [searchParams] = useSearchParams()
  const requested = searchParams.get('device')
  const app = useQuery(appQuery(appId, null))
  const product = useProductName()
  const devices = useQuery(deviceListQuery())
  const back = <BackLink to={paths.apps(requested || undefined)}>{t('details.back')}</BackLink>

  if (app.isPending) {
    return (
      <>
        {/* Named by the portal until the app's name has come. */}
        <title>{product}</title>
        {back}
        <Skeleton rows={3} />
      </>
    )
  }
  if (app.isError) {
    const missing = isNoSuchEntity(app.error)
    return (
      <>
        {back}
        <Screen title={missing ? t('details.notFoundTitle') : t('title')}>
          {missing ? (
            <p>{t('details.notFound')}</p>
          ) : (
            <ErrorState error={app.error} onRetry={() => void app.refetch()} />
          )}
        </Screen>
      </>
    )
  }

  return (
    <>
      {back}
      <Screen title={appName(app.data)}>
        <div className="app-hero">
          <AppIcon app={app.data} size="large" />
          <AppBadges app={app.data} />
        </div>
        <div className="app-details">
          <AppDeviceSection app={app.data} devices={devices} requested={requested} />
          <AppFacts app={app.data} />
        </div>
      </Screen>
    </>
  )
}
