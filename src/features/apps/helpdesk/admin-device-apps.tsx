import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/skeleton'
import { useErrorMessage } from '@/lib/api/error-message'
import { useHelpdeskRole } from '@/entities/user/helpdesk-role'
import { RoleNote } from '@/entities/user/role-note'
import type { App, Device } from '@contract/schemas'
import { appListQuery } from '@/entities/app/queries'
import { changeFailure } from '@/features/apps/app-errors'
import type { RequestKind } from '@/features/apps/app-status'
import { appName } from '@/features/apps/catalog/catalog'
import { deviceName } from '@/entities/device/name'
import { AppBadges } from '@/features/apps/app-badges'
import { AppIcon } from '@/features/apps/app-icon'
import { UninstallDialog } from '@/features/apps/on-device/uninstall-dialog'
import { useAppLabels } from '@/features/apps/use-app-labels'
import { AppChangeButton } from '@/features/apps/on-device/app-change-button'
import { useAppChange } from '@/features/apps/on-device/use-app-change'
import { DeviceAppsFrame, panelPlatform, takesApps, usePanelAppsName } from './device-apps-section'

/**
 * One app of the tenant on a device, for an administrator. The service tells administrators
 * neither the app's state on the device nor what it offers there (app/list takes `clientid` from
 * users only), so both are offered as what they are, requests, and the panel says why; the
 * service refuses an app that is not assigned to the device's user or does not suit it (App
 * rules 1 and 3), and that refusal is explained here.
 */
function AdminAppRow({ app, device, canChange }: { app: App; device: Device; canChange: boolean }) {
  const { t } = useTranslation('apps')
  const labels = useAppLabels()
  const errorMessage = useErrorMessage()
  const [sent, setSent] = useState<RequestKind | null>(null)
  const { change, send, sending, confirming, askToUninstall, uninstallDialog } = useAppChange(
    app,
    device,
    setSent,
    () => setSent(null),
  )
  const names = { app: appName(app), device: deviceName(device) }

  const failure = change.isError ? changeFailure(change.error) : null
  const error = !change.isError
    ? null
    : failure === 'notAssigned'
      ? t('admin.notAssigned', names)
      : failure
        ? labels.failure(failure, names)
        : t(change.variables.kind === 'uninstall' ? 'errors.uninstall' : 'errors.install', {
            ...names,
            message: errorMessage(change.error),
          })

  return (
    <li className="card admin-app">
      <div className="admin-app__head">
        <AppIcon app={app} />
        <div>
          <h3 className="admin-app__name">{names.app}</h3>
          <AppBadges app={app} />
        </div>
      </div>
      {canChange && (
        <div className="admin-app__actions">
          <AppChangeButton
            what="requestInstall"
            names={names}
            pending={sending('install')}
            onClick={() => send('install')}
          />
          <AppChangeButton what="requestUninstall" names={names} onClick={askToUninstall} />
        </div>
      )}
      <div role="status">
        {sent && (
          <p className="admin-app__sent">
            {t(sent === 'install' ? 'admin.installSent' : 'admin.uninstallSent', names)}
          </p>
        )}
      </div>
      {error && !confirming && <Alert tone="error">{error}</Alert>}
      <UninstallDialog app={app} device={device} {...uninstallDialog(error)} />
    </li>
  )
}

/** The apps an administrator can install on or remove from a device of the tenant. */
export function AdminDeviceApps({ device }: { device: Device }) {
  const { t } = useTranslation('apps')
  const query = useQuery(appListQuery(null))
  const apps = (query.data ?? []).filter((app) => app.platform === panelPlatform(device))
  const appsName = usePanelAppsName(device)
  const usable = takesApps(device)
  const canChange = useHelpdeskRole().may('installApps')
  return (
    <DeviceAppsFrame device={device}>
      {!usable ? (
        <p>{t('admin.notManaged')}</p>
      ) : query.isPending ? (
        <Skeleton rows={2} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : apps.length === 0 ? (
        <p>{t('admin.none', { apps: appsName })}</p>
      ) : (
        <>
          <p className="device-section__lead">{t('admin.unknownState')}</p>
          <RoleNote missing={canChange ? [] : ['installApps']} />
          <ul className="card-grid admin-apps">
            {apps.map((app) => (
              <AdminAppRow key={app.id} app={app} device={device} canChange={canChange} />
            ))}
          </ul>
        </>
      )}
    </DeviceAppsFrame>
  )
}
