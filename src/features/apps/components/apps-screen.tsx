import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/alert'
import { ErrorState } from '../../../components/error-state'
import { Page } from '../../../components/page'
import { Skeleton } from '../../../components/skeleton'
import { deviceListQuery } from '../../../lib/api/queries/devices'
import { paths } from '../../../lib/paths'
import { appListQuery } from '../api/queries'
import { useShortfall } from '../../../lib/api/all-pages'
import { canReceiveApps } from '../model/catalog'
import { deviceName } from '../../../lib/device'
import { readParams, resolveDevice, withParams, type CatalogParams } from '../model/search-params'
import { AppCatalog } from './app-catalog'
import { CatalogFilters } from './catalog-filters'
import { DevicePicker } from './device-picker'
import { RefreshFromDevice } from './refresh-from-device'
import { StatusAnnouncer } from './status-announcer'
import '../apps.css'

type ParamChanges = Partial<Record<keyof CatalogParams, string | null>>

/** "My apps": the user's catalog, or the apps of one chosen device with their state and actions. */
export function AppsScreen() {
  const { t } = useTranslation('apps')
  const [searchParams, setSearchParams] = useSearchParams()
  const params = readParams(searchParams)
  const devices = useQuery(deviceListQuery())
  // The same list from render to render, so the picker renders its options once per answer.
  const candidates = useMemo(() => (devices.data ?? []).filter(canReceiveApps), [devices.data])
  const choice = resolveDevice(params.device, candidates)
  const device = choice.kind === 'device' ? choice.device : null
  const appList = appListQuery(device?.clientid ?? null)
  const apps = useQuery({ ...appList, enabled: !devices.isPending })
  const missing = useShortfall(appList.queryKey)

  // Typing and filtering replace the entry; choosing a device adds one, so "back" returns to it.
  const change = (changes: ParamChanges, replace: boolean) =>
    setSearchParams((current) => withParams(current, changes), {
      replace,
      preventScrollReset: true,
    })
  const allAppsHref = `?${withParams(searchParams, { device: '' }).toString()}`

  // Which device the page is about is known only with the devices: until then, nothing to show.
  if (devices.isPending) {
    return (
      <Page title={t('title')}>
        <Skeleton rows={5} />
      </Page>
    )
  }

  return (
    <Page
      title={t('title')}
      lead={device ? t('list.leadDevice', { device: deviceName(device) }) : t('list.leadAll')}
    >
      {devices.isError && (
        <ErrorState error={devices.error} onRetry={() => void devices.refetch()} />
      )}
      {devices.isSuccess && candidates.length === 0 && (
        <Alert tone="info">
          <p>{t('device.noDevices')}</p>
          <Link to={paths.enroll()}>{t('device.enroll')}</Link>
        </Alert>
      )}

      <div className="card apps-toolbar">
        {candidates.length > 0 && (
          <DevicePicker
            devices={candidates}
            value={device?.clientid ?? ''}
            noneLabel={t('device.none')}
            onChange={(clientId) => change({ device: clientId }, false)}
          />
        )}
        <CatalogFilters
          query={params.query}
          platform={device ? null : params.platform}
          showPlatform={!device}
          onQuery={(query) => change({ query }, true)}
          onPlatform={(platform) => change({ platform }, true)}
        />
      </div>

      {choice.kind === 'unknown' && <Alert tone="warning">{t('device.unknown')}</Alert>}
      {device ? (
        <RefreshFromDevice key={device.clientid} device={device} />
      ) : (
        candidates.length > 0 && <Alert tone="info">{t('list.chooseDevice')}</Alert>
      )}

      {missing > 0 && apps.data && (
        <Alert tone="warning">
          <p>{t('list.paging', { shown: apps.data.length, total: apps.data.length + missing })}</p>
        </Alert>
      )}
      {apps.isPending ? (
        <Skeleton rows={4} />
      ) : apps.isError ? (
        <ErrorState error={apps.error} onRetry={() => void apps.refetch()} />
      ) : (
        <AppCatalog
          apps={apps.data}
          device={device}
          filter={{ query: params.query, platform: device ? null : params.platform }}
          allAppsHref={allAppsHref}
          onClearFilters={() => change({ query: null, platform: null }, false)}
        />
      )}
      <StatusAnnouncer device={device} apps={apps.data} />
    </Page>
  )
}
