import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/dialog'
import type { App, Device } from '@contract/schemas'
import { appName } from '@/features/apps/catalog/catalog'
import { deviceName } from '@/entities/device/name'
import { useRefusalsSaidIn } from '@/features/apps/mutations'

/**
 * Uninstalling deletes the app's data on the device, so it is confirmed first. While open, it
 * says a refusal of the app itself (the screen's status region behind it is out of reach).
 */
export function UninstallDialog({
  open,
  app,
  device,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean
  app: App
  device: Device
  pending: boolean
  error: string | null
  onConfirm: () => void
  onClose: () => void
}) {
  const { t } = useTranslation('apps')
  const names = { app: appName(app), device: deviceName(device) }
  useRefusalsSaidIn(open, { appId: app.id, clientId: device.clientid })
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      onConfirm={onConfirm}
      title={t('uninstall.title', names)}
      description={
        <>
          <p>{t('uninstall.body')}</p>
          {app.mandatory && <p>{t('uninstall.mandatory')}</p>}
        </>
      }
      confirmLabel={t('uninstall.confirm')}
      pending={pending}
      destructive
      error={error ? <Alert tone="error">{error}</Alert> : null}
    />
  )
}
