import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '@/components/alert'
import { ErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/skeleton'
import type { App, Device } from '@contract/schemas'
import { paths } from '@/lib/paths'
import { appQuery } from '@/entities/app/queries'
import { canReceiveApps, devicesForApp, misfitOf } from '@/features/apps/catalog/catalog'
import { deviceName } from '@/entities/device/name'
import { resolveDevice, withParams } from '@/features/apps/catalog/search-params'
import { AppOnDevice } from '@/features/apps/on-device/app-on-device'
import { DevicePicker } from '@/features/apps/on-device/device-picker'
import { RefreshFromDevice } from '@/features/apps/on-device/refresh-from-device'
import { StatusAnnouncer } from '@/features/apps/on-device/status-announcer'
import { useAppLabels } from '@/features/apps/use-app-labels'

/**
 * The app on a device of the user's choice. Only devices the app can run on are offered (with
 * exactly one, it is chosen already); the others are named, each with the reason.
 */
export function AppDeviceSection({
  app,
  devices,
  requested,
}: {
  app: App
  devices: UseQueryResult<Device[]>
  requested: string | null
}) {
  const { t } = useTranslation('apps')
  const labels = useAppLabels()
  const headingId = useId()
  const [, setSearchParams] = useSearchParams()
  const all = useMemo(() => devices.data ?? [], [devices.data])
  // The same list from render to render, so the picker renders its options once per answer.
  const candidates = useMemo(() => devicesForApp(app, all), [app, all])
  const others = all.filter((known) => canReceiveApps(known) && misfitOf(app, known) !== null)
  const whyNot = (known: Device) =>
    misfitOf(app, known) === 'platform'
      ? t('device.misfitPlatform', { platform: labels.platform(app) })
      : labels.incompatibility(app)
  const choice = resolveDevice(requested, candidates)
  const device = choice.kind === 'device' ? choice.device : null
  const onDevice = useQuery({
    ...appQuery(app.id, device?.clientid ?? null),
    enabled: device !== null,
  })
  const elsewhere =
    choice.kind === 'unknown' ? all.find((known) => known.clientid === choice.clientId) : undefined
  return (
    <section className="card app-details__device" aria-labelledby={headingId}>
      <h2 id={headingId} className="app-details__title">
        {t('details.onDevice')}
      </h2>
      {devices.isPending ? (
        <Skeleton rows={1} />
      ) : devices.isError ? (
        <ErrorState error={devices.error} onRetry={() => void devices.refetch()} />
      ) : candidates.length === 0 ? (
        <Alert tone="info">
          <p>{t('device.noDevicesForApp')}</p>
          {others.length === 0 && <Link to={paths.enroll()}>{t('device.enroll')}</Link>}
        </Alert>
      ) : (
        <DevicePicker
          devices={candidates}
          value={device?.clientid ?? ''}
          noneLabel={t('device.choose')}
          onChange={(clientId) =>
            setSearchParams((current) => withParams(current, { device: clientId }), {
              preventScrollReset: true,
            })
          }
        />
      )}
      {choice.kind === 'unknown' && (
        <Alert tone="warning">
          {elsewhere && misfitOf(app, elsewhere)
            ? t('device.misfit', { device: deviceName(elsewhere), reason: whyNot(elsewhere) })
            : t('device.unknown')}
        </Alert>
      )}
      {others.length > 0 && (
        <div className="app-details__others">
          <p>{t('device.notOffered')}</p>
          <ul>
            {others.map((known) => (
              <li key={known.clientid}>
                {t('device.misfit', { device: deviceName(known), reason: whyNot(known) })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!device && candidates.length > 0 && (
        <p className="app-details__hint">{t('details.chooseDevice')}</p>
      )}
      {device &&
        (onDevice.isPending ? (
          <Skeleton rows={1} />
        ) : onDevice.isError ? (
          <ErrorState error={onDevice.error} onRetry={() => void onDevice.refetch()} />
        ) : (
          <>
            <AppOnDevice app={onDevice.data} device={device} />
            <RefreshFromDevice key={device.clientid} device={device} />
          </>
        ))}
      <StatusAnnouncer
        device={device}
        apps={device && onDevice.data ? [onDevice.data] : undefined}
      />
    </section>
  )
}
