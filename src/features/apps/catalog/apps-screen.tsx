import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { ErrorState } from '@/components/error-state'
import { Screen } from '@/components/screen'
import { Skeleton } from '@/components/skeleton'
import { deviceListQuery } from '@/entities/device/queries'
import { paths } from '@/lib/paths'
import { useHydrated } from '@/lib/use-hydrated'
import { useAddressState } from '@/lib/use-address-state'
import { appListQuery } from '@/entities/app/queries'
import { useShortfall } from '@/lib/api/all-pages'
import type { AppPlatform } from '@contract/platform'
import { canReceiveApps } from './catalog'
import { deviceName } from '@/entities/device/name'
import { readOnlyDevice, rememberOnlyDevice } from '@/features/apps/only-device'
import {
  expectedDevice,
  readParams,
  resolveDevice,
  withParams,
  type CatalogParams,
} from './search-params'
import { AppCatalog } from './app-catalog'
import { CatalogFilters } from './catalog-filters'
import { DevicePicker } from '@/features/apps/on-device/device-picker'
import { RefreshFromDevice } from '@/features/apps/on-device/refresh-from-device'
import { StatusAnnouncer } from '@/features/apps/on-device/status-announcer'
import '@/features/apps/apps.css'

/** The catalog's state as the address holds it (a device of null: not named). */
const writeParams = (params: CatalogParams) => withParams(new URLSearchParams(), params)

/** "My apps": the user's catalog, or the apps of one chosen device with their state and actions. */
export function AppsScreen() {
  const { t } = useTranslation('apps')
  // The search box, the platform and the device shown are the screen's own state, which the
  // address follows (typing paints before any navigation; Back and links refill them).
  const [params, setParams] = useAddressState(readParams, writeParams)
  const devices = useQuery(deviceListQuery())
  // The same list from render to render, so the picker renders its options once per answer.
  const candidates = useMemo(() => (devices.data ?? []).filter(canReceiveApps), [devices.data])
  const [onlyDevice] = useState(readOnlyDevice)
  useEffect(() => {
    if (devices.isSuccess) rememberOnlyDevice(candidates)
  }, [devices.isSuccess, candidates])
  // Until the devices are known the page asks for the apps it expects to show, beside them.
  const expected = expectedDevice(params.device, onlyDevice)
  const choice = devices.isPending ? null : resolveDevice(params.device, candidates)
  const device = choice?.kind === 'device' ? choice.device : null
  const appList = appListQuery(choice ? (device?.clientid ?? null) : expected)
  const apps = useQuery(appList)
  const missing = useShortfall(appList.queryKey)

  // Typing and filtering replace the entry; choosing a device adds one, so "back" returns to it.
  // The callbacks change with the state only: the memoized parts they go to are not drawn again
  // for the deferred render and the address that follow a keystroke. Before any early return.
  const change = useCallback(
    (changes: Partial<CatalogParams>, replace: boolean) =>
      setParams({ ...params, ...changes }, { push: !replace }),
    [params, setParams],
  )
  const chooseDevice = useCallback((device: string) => change({ device }, false), [change])
  const search = useCallback((query: string) => change({ query }, true), [change])
  const filterPlatform = useCallback(
    (platform: AppPlatform | null) => change({ platform }, true),
    [change],
  )
  const searchId = useId()
  const clearFilters = useCallback(() => {
    change({ query: '', platform: null }, false)
    // The button goes with the empty list: the keyboard goes on from the search box.
    document.getElementById(searchId)?.focus()
  }, [change, searchId])
  const allPlatforms = useCallback(() => change({ platform: null }, false), [change])
  const platform = device ? null : params.platform
  const filter = useMemo(() => ({ query: params.query, platform }), [params.query, platform])
  const allAppsHref = `?${writeParams({ ...params, device: '' }).toString()}`

  const hydrated = useHydrated()
  // A device's page needs the device itself (its name, its platform): it waits for the devices.
  // All apps show as soon as they are there, the device picker filling in when the devices come.
  // The server drew the page expecting no device, and React takes that drawing over first.
  if (hydrated && devices.isPending && expected !== null) {
    return (
      <Screen title={t('title')}>
        <Skeleton rows={5} />
      </Screen>
    )
  }

  return (
    <Screen
      title={t('title')}
      lead={device ? t('list.leadDevice', { device: deviceName(device) }) : t('list.leadAll')}
    >
      {/* With the apps failing too (the service unreachable) one message says it, below. */}
      {devices.isError && !apps.isError && (
        <ErrorState error={devices.error} onRetry={() => void devices.refetch()} />
      )}
      <div className="card apps-toolbar">
        {(devices.isPending || candidates.length > 0) && (
          <DevicePicker
            devices={candidates}
            value={device?.clientid ?? ''}
            noneLabel={devices.isPending ? t('device.loading') : t('device.none')}
            disabled={devices.isPending}
            onChange={chooseDevice}
          />
        )}
        <CatalogFilters
          searchId={searchId}
          query={params.query}
          platform={platform}
          showPlatform={!device}
          onQuery={search}
          onPlatform={filterPlatform}
        />
      </div>

      {choice?.kind === 'unknown' && devices.isSuccess && (
        <Alert tone="warning">{t('device.unknown')}</Alert>
      )}
      {device ? (
        // It speaks of the statuses in the list: a list that failed has its own message below.
        !apps.isError && <RefreshFromDevice key={device.clientid} device={device} />
      ) : devices.isPending || candidates.length > 0 ? (
        <Alert tone="info">{t('list.chooseDevice')}</Alert>
      ) : (
        devices.isSuccess && (
          // In the place of the hint above, so that neither moves the catalog when it shows.
          <Alert tone="info">
            <p>{t('device.noDevices')}</p>
            <Link to={paths.enroll()}>{t('device.enroll')}</Link>
          </Alert>
        )
      )}

      {missing > 0 && apps.data && (
        <Alert tone="warning">
          <p>{t('list.paging', { shown: apps.data.length, total: apps.data.length + missing })}</p>
        </Alert>
      )}
      {apps.isPending ? (
        <Skeleton rows={4} />
      ) : apps.isError ? (
        <ErrorState
          error={apps.error}
          onRetry={() => {
            void apps.refetch()
            if (devices.isError) void devices.refetch()
          }}
        />
      ) : (
        <AppCatalog
          apps={apps.data}
          device={device}
          filter={filter}
          allAppsHref={allAppsHref}
          onClearFilters={clearFilters}
          onAllPlatforms={allPlatforms}
          countId={`${searchId}-count`}
        />
      )}
      <StatusAnnouncer device={device} apps={apps.data} />
    </Screen>
  )
}
